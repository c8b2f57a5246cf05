// Child process of the load bench: the smallest HTTP server Node can run, answering `{"status":"ok"}` on 127.0.0.1.
// Sampled like the real server's `/healthz`, it shows how much of that latency the machine alone causes (other
// processes competing for the cores), as opposed to the real server's own event loop. Prints its URL, then serves
// until its standard input closes.
import { createServer } from 'node:http';

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"status":"ok"}');
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`http://127.0.0.1:${address.port}/\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
