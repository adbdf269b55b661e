import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage } from '@obra/domain';
import { requestLocale } from './request-locale.ts';

/**
 * Errors Fastify answers before any route or error handler runs, given the shape of every other error
 * (`{code, message}` with a catalogue code): a path that does not decode (`%`, `%C0%AF`: FST_ERR_BAD_URL) is
 * BAD_USER_INPUT 400 (found by apps/server/test/drive/drive-fuzz.test.ts).
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({
    code: 'BAD_USER_INPUT',
    message: errorMessage(requestLocale(req.headers), 'BAD_USER_INPUT'),
  });
}

/**
 * Requests Node's HTTP parser refuses (a request line or headers above the size limit: 431; malformed: 400),
 * answered on the socket as Fastify's default handler does, with a catalogue code.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ code: 'BAD_USER_INPUT', message: errorMessage('en', 'BAD_USER_INPUT') });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
