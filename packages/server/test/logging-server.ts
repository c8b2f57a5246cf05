import type { AddressInfo } from 'node:net';
import { createTestApp } from '@quire/test-kit/test-app';

/**
 * The test app on a loopback port, logging at `LOG_LEVEL` (default `debug`) to its standard output as the server
 * does, for tests that read what a request leaves in the log: run it as a child process, read `{ port, jobRoot }`
 * from the first line of its standard error, and end its standard input to stop it (it closes the app and exits).
 */
const testApp = await createTestApp(undefined, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug' });
await testApp.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = testApp.app.server.address() as AddressInfo;
process.stderr.write(`${JSON.stringify({ port, jobRoot: testApp.jobRoot })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void testApp.close().then(() => process.exit(0));
});
