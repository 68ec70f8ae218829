import { type Server, type Socket, connect, createServer } from "node:net";

/**
 * A TCP proxy on loopback in front of another server (the tests put it before Postgres), which a
 * test can cut (refuse new connections and drop open ones) and restore on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  function listen() {
    const next = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        const address = next.address();
        port = typeof address === "object" && address ? address.port : port;
        server = next;
        resolve();
      });
    });
  }

  await listen();
  return {
    get port() {
      return port;
    },
    /** Stops listening and drops every open connection, as a database host going away would. */
    cut() {
      const closing = server;
      server = undefined;
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    /** Listens again on the same port. */
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
