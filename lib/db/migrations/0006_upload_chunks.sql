CREATE TABLE "upload_chunks" (
	"upload_id" varchar(36) NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "upload_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
