// A local https server with a freshly made self-signed certificate (openssl), serving a
// fixed map of paths to bodies. Tests pass the certificate to the CLI via NODE_EXTRA_CA_CERTS.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export const HAVE_OPENSSL = spawnSync("openssl", ["version"], { stdio: "ignore" }).status === 0;

export interface HttpsFiles {
  url: string;
  /** The certificate file to trust. */
  caFile: string;
  files: Map<string, string | Buffer>;
  requests: string[];
  close(): Promise<void>;
}

/** A fresh self-signed certificate for 127.0.0.1 and localhost: the key and certificate files. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "https-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
  ], { stdio: "ignore" });
  return { key, cert };
}

export async function startHttpsFiles(): Promise<HttpsFiles> {
  const { key, cert } = selfSignedCertificate();
  const files = new Map<string, string | Buffer>();
  const requests: string[] = [];
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    requests.push(req.url ?? "");
    const body = files.get(req.url ?? "");
    if (body === undefined) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: cert,
    files,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
