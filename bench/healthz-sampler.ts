// Child process of the load bench: asks `/healthz` every INTERVAL ms on one keep-alive connection and prints one line
// per answer, `<epoch ms at start> <latency ms> <status>` (status 0: no answer within 5 s or a network error). It runs
// in its own process so that the bench's own load generation does not delay the clock it measures with; it stops
// when its standard input closes (the bench ended, whatever the way).
import { Agent, get } from 'node:http';

const [url, intervalArg] = process.argv.slice(2);
if (!url) throw new Error('usage: healthz-sampler.ts <url> [interval ms]');
const intervalMs = Number(intervalArg ?? 100);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let isStopped = false;

process.stdin.on('close', () => {
  isStopped = true;
});
process.stdin.on('end', () => {
  isStopped = true;
});
process.stdin.resume();

function sampleOnce(): Promise<void> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const started = performance.now();
    const report = (status: number) => {
      process.stdout.write(`${startedAt} ${(performance.now() - started).toFixed(2)} ${status}\n`);
      resolve();
    };
    const request = get(url as string, { agent }, (response) => {
      response.resume();
      response.on('end', () => report(response.statusCode ?? 0));
      response.on('error', () => report(0));
    });
    request.setTimeout(5000, () => request.destroy());
    request.on('error', () => report(0));
  });
}

while (!isStopped) {
  const started = performance.now();
  await sampleOnce();
  const waitMs = Math.max(0, intervalMs - (performance.now() - started));
  await new Promise((resolve) => setTimeout(resolve, waitMs));
}
agent.destroy();
