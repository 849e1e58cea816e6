/** A 4032×3024 phone photo, EXIF orientation 6 and GPS tags (bench/phone-photo.mjs). */
export function phonePhoto(shade?: number, width?: number, height?: number): Promise<Buffer>;
