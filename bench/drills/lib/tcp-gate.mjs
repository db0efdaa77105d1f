// A TCP gate in front of a dependency: while shut, its port refuses connections and every open one
// is cut, as if the dependency had gone away; opened again on the same port, it passes bytes
// through. A drill shuts the gate rather than killing the dependency, whose own files would
// otherwise be left as a kill at an unlucky instant leaves them (s3rver writes an object and its
// metadata in two steps), which is the test server's weakness, not the product's.
import net from 'node:net';

/** Opens a gate on a free port of 127.0.0.1 that forwards to `targetPort`. */
export async function openGate(targetPort) {
  const sockets = new Set();
  let server;
  let port = 0;
  const listen = () =>
    new Promise((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = server.address().port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and cuts the open ones. */
    async shut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
    /** Listens again on the same port. */
    open: listen,
  };
}
