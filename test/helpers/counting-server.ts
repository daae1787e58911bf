// A real local HTTP server on 127.0.0.1 that counts the requests reaching it, so a test can
// prove a refused fetch never left the machine's guard. Servers close after each test.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

export async function serve(handler: http.RequestListener): Promise<{ hits: number; port: number }> {
  const state = { hits: 0, port: 0 };
  const server = http.createServer((req, res) => {
    state.hits++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}
