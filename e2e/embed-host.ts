import http from 'node:http';

/**
 * A partner's page that embeds Obra (embedding.spec.ts; docs/embedding.md), served on its own port so that it is
 * another origin than Obra (allowed by EMBEDDING_HOSTS in playwright.config.ts). It keeps every event Obra posts
 * to it in `window.obraEvents` and sends messages to Obra with `window.sendToObra(message)`.
 */
const port = Number(process.env.OBRA_E2E_EMBED_PORT);
const obra = process.env.OBRA_E2E_URL;
if (!port || !obra) throw new Error('OBRA_E2E_EMBED_PORT and OBRA_E2E_URL are required');
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner platform</title></head>
<body><h1>Partner platform</h1>
<iframe id="obra" title="Obra" src="${obra}/login?embedded=1" width="1200" height="800"></iframe>
<script>
  window.obraEvents = [];
  window.addEventListener('message', function (e) { if (e.origin === '${obra}') window.obraEvents.push(e.data); });
  window.sendToObra = function (m) { document.getElementById('obra').contentWindow.postMessage(m, '${obra}'); };
</script></body></html>`;
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
