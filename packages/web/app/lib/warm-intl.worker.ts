import { intlWarmingSteps } from './warm-intl.ts';

// Opens the locale data of the language it is sent, then says so (see `warmIntl`).
globalThis.addEventListener('message', (event: MessageEvent<string>) => {
  for (const step of intlWarmingSteps(event.data)) step();
  globalThis.postMessage('warm');
});
