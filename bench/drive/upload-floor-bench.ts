// Where the time of a local upload goes (issue 14's "1 GB upload ≥ 0.5 × cp"): the same file sent by different
// clients into different receivers, each timed until `sync` returns, interleaved with a plain `cp`.
//   clients:   curl --data-binary @file (reads the file whole into memory first), curl -T (streams it), Node fetch
//              with a file stream body (what a Node client would use), a python3 client handing the file to the
//              kernel with sendfile(2) (the leanest possible sender)
//   receivers: node:http piping into fs.createWriteStream (Obra's receive path without the framework), the same with
//              a 1 MB write highWaterMark, node:http discarding the body (no disk: the network floor), and a raw
//              node:net socket piped to a file (no HTTP parsing)
// Run: node --import tsx bench/drive/upload-floor-bench.ts [MB=512] [rounds=2]. Its files are removed at the end.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { execFileSync, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

const MB = 1024 * 1024;
const size = Number(process.argv[2] ?? 512) * MB;
const rounds = Number(process.argv[3] ?? 2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-upload-floor-'));
const source = path.join(dir, 'source.bin');
const target = path.join(dir, 'copy.bin');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

async function listen(server: http.Server | net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const toFile = (highWaterMark?: number) =>
  http.createServer((req, res) => {
    const out = fs.createWriteStream(target, highWaterMark ? { highWaterMark } : {});
    void pipeline(req, out).then(
      () => res.end('ok'),
      () => res.end('failed'),
    );
  });
const discard = http.createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => res.end('ok'));
});
const raw = net.createServer((socket) => {
  void pipeline(socket, fs.createWriteStream(target)).catch(() => undefined);
});

try {
  // Incompressible bytes; read once so that every side starts from the same page cache.
  await run('sh', ['-c', `head -c ${size} /dev/urandom > "${source}"`]);
  await run('sh', ['-c', `cat "${source}" > /dev/null`]);
  const ports = {
    file: await listen(toFile()),
    file1m: await listen(toFile(MB)),
    discard: await listen(discard),
    raw: await listen(raw),
  };
  const curl = (mode: 'T' | 'data', url: string) =>
    run('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-X',
      'PUT',
      '-H',
      'content-type: application/octet-stream',
      ...(mode === 'T' ? ['-T', source] : ['--data-binary', `@${source}`]),
      url,
    ]);
  // The leanest client: the headers, then the file handed to the kernel with sendfile(2) (no user-space copy).
  const SENDFILE = [
    'import os, socket, sys',
    'path, port = sys.argv[1], int(sys.argv[2]); size = os.path.getsize(path)',
    "s = socket.create_connection(('127.0.0.1', port))",
    "s.sendall(f'PUT / HTTP/1.1\\r\\nhost: 127.0.0.1\\r\\ncontent-length: {size}\\r\\nconnection: close\\r\\n\\r\\n'.encode())",
    'f = open(path, "rb"); sent = 0',
    'while sent < size: sent += os.sendfile(s.fileno(), f.fileno(), sent, size - sent)',
    'while s.recv(65536): pass',
  ].join('\n');
  const sendfile = (port: number) => run('python3', ['-c', SENDFILE, source, String(port)]);
  const rawSend = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', reject);
      socket.on('close', () => resolve());
      void pipeline(fs.createReadStream(source, { highWaterMark: MB }), socket).catch(reject);
    });
  const cases: [string, () => Promise<void>][] = [
    ['cp', () => run('cp', [source, target])],
    ['curl -T → node:http → file', () => curl('T', `http://127.0.0.1:${ports.file}/`)],
    ['curl --data-binary → node:http → file', () => curl('data', `http://127.0.0.1:${ports.file}/`)],
    ['curl -T → node:http → file (1 MB highWaterMark)', () => curl('T', `http://127.0.0.1:${ports.file1m}/`)],
    [
      'Node fetch (file stream) → node:http → file',
      async () => {
        const body = Readable.toWeb(fs.createReadStream(source, { highWaterMark: MB })) as ReadableStream;
        const response = await fetch(`http://127.0.0.1:${ports.file}/`, {
          method: 'PUT',
          body,
          duplex: 'half',
        } as RequestInit);
        await response.arrayBuffer();
      },
    ],
    ['curl -T → node:http → discarded (no disk)', () => curl('T', `http://127.0.0.1:${ports.discard}/`)],
    ['python sendfile(2) → node:http → file (1 MB highWaterMark)', () => sendfile(ports.file1m)],
    ['python sendfile(2) → node:http → discarded (no disk)', () => sendfile(ports.discard)],
    ['node:net raw socket → file (no HTTP)', () => rawSend(ports.raw)],
  ];
  const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  console.log(`start: ${execFileSync('uptime').toString().trim()}`);
  for (let round = 0; round < rounds; round++) {
    for (const [name, send] of cases) {
      await fsp.rm(target, { force: true });
      await run('sync', []);
      const started = performance.now();
      await send();
      await run('sync', []);
      times.get(name)?.push((performance.now() - started) / 1000);
    }
  }
  console.log(`end: ${execFileSync('uptime').toString().trim()}`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
  const cp = median(times.get('cp') ?? []);
  console.log(`${size / MB} MB, ${rounds} interleaved rounds, each until synced:`);
  for (const [name, xs] of times)
    console.log(
      `  ${name.padEnd(58)} ${xs.map((x) => x.toFixed(2)).join(' / ')} s  ` +
        `${(size / MB / median(xs)).toFixed(0)} MB/s  cp ÷ this ${(cp / median(xs)).toFixed(2)}`,
    );
} finally {
  await fsp.rm(dir, { recursive: true, force: true });
  process.exit(0);
}
