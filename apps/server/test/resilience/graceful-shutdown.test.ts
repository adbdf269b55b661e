// Issue 12 #13: SIGTERM while a load balancer holds connections open (idle keep-alive connections, a websocket
// whose peer never answers the close, a request still running) must finish the running work and exit 0, instead
// of waiting for the connections until the shutdown timeout and exiting 1. A real process, real sockets.
import net from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { startObraProcess, type ObraProcess } from './support/obra-process.ts';

const processes: ObraProcess[] = [];
afterAll(async () => {
  for (const p of processes) await p.kill();
});

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/** Everything a socket receives, and whether the server ended it. */
function record(socket: net.Socket): { text: () => string; closed: Promise<void> } {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  return { text: () => text, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('graceful shutdown with connections held open', () => {
  it('answers the running request, closes idle keep-alive connections and websockets, and exits 0', async () => {
    const obra = await startObraProcess('all', { LOG_LEVEL: 'info' });
    processes.push(obra);

    // An idle keep-alive connection: one request answered, then nothing.
    const idle = await connect(obra.port);
    const idleSeen = record(idle);
    idle.write('GET /healthz HTTP/1.1\r\nHost: obra\r\nConnection: keep-alive\r\n\r\n');
    await until(() => idleSeen.text().includes('\r\n\r\n'), 'the idle connection to be answered');
    expect(idleSeen.text()).toMatch(/^HTTP\/1\.1 200/);

    // A websocket whose peer never reads nor answers a close.
    const ws = await connect(obra.port);
    const wsSeen = record(ws);
    ws.write(
      'GET /graphql HTTP/1.1\r\nHost: obra\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n',
    );
    await until(() => wsSeen.text().includes('\r\n\r\n'), 'the websocket upgrade');
    expect(wsSeen.text()).toMatch(/^HTTP\/1\.1 101/);

    // A request still running when SIGTERM arrives: its body is only half sent.
    const running = await connect(obra.port);
    const runningSeen = record(running);
    const body = JSON.stringify({ query: '{ __typename }' });
    running.write(
      'POST /graphql HTTP/1.1\r\nHost: obra\r\nContent-Type: application/json\r\nConnection: keep-alive\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );

    const exited = new Promise<number | null>((resolve) => obra.child.once('exit', (code) => resolve(code)));
    obra.child.kill('SIGTERM');
    await until(() => obra.output().includes('shutting down'), 'the shutdown to begin');
    running.write(body.slice(5));
    await runningSeen.closed;
    expect(runningSeen.text()).toMatch(/^HTTP\/1\.1 200/);
    expect(runningSeen.text()).toContain('{"data":{"__typename":"Query"}}');
    expect(runningSeen.text().toLowerCase()).toContain('connection: close');
    await Promise.all([idleSeen.closed, wsSeen.closed]);
    expect(await exited).toBe(0);
    expect(obra.output()).not.toContain('shutdown timed out');
  }, 120_000);
});

// Issue 30 #10: subscribers got no close message on shutdown (the socket just dropped: 1006), so clients waited
// for their reconnect back-off instead of reconnecting at once to another process.
describe('websocket subscribers at shutdown', () => {
  it('receive a going-away close (1001) before the process exits', async () => {
    const obra = await startObraProcess('all', {});
    processes.push(obra);
    const socket = new WebSocket(`ws://127.0.0.1:${obra.port}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: { type: string; payload?: unknown }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string }));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await until(() => messages.some((m) => m.type === 'connection_ack'), 'the connection to be acknowledged');
    // A live subscription, as every signed-in page has.
    socket.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: 'subscription { serverStatus { state } }' },
      }),
    );
    const exited = new Promise<number | null>((resolve) => obra.child.once('exit', (code) => resolve(code)));
    obra.child.kill('SIGTERM');
    expect(await closed).toEqual({ code: 1001, reason: 'Going away' });
    // The subscription was live until then: it received the shutdown notice.
    expect(JSON.stringify(messages)).toContain('shutting_down');
    expect(await exited).toBe(0);
  }, 120_000);
});
