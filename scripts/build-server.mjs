// Bundles the server and the engine's worker entry into packages/server/dist (see server-bundle.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

await bundleServer(join(dirname(fileURLToPath(import.meta.url)), '..', 'packages/server/dist'));
