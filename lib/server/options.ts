/**
 * How the server was asked to run: `-p`/`--port` and `-H`/`--hostname` as `next start` takes them,
 * else PORT; `--dev` for the development server. (Not HOSTNAME: container platforms set it to the
 * container's name.)
 */
interface ServerOptions {
  dev: boolean;
  port: number;
  /** Undefined: every interface, as `next start` listens. */
  hostname?: string;
}

export function serverOptions(args: readonly string[], env: NodeJS.ProcessEnv): ServerOptions {
  const value = (...names: string[]) => {
    for (let i = 0; i < args.length; i++) {
      const [flag, inline] = args[i].split('=', 2);
      if (names.includes(flag)) return inline ?? args[i + 1];
    }
    return undefined;
  };
  const port = Number(value('-p', '--port') ?? env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Not a port: ${value('-p', '--port') ?? env.PORT}`);
  return { dev: args.includes('--dev'), port, hostname: value('-H', '--hostname') };
}
