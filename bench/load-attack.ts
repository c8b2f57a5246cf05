// The attack phase of issue 29, item 1: eight addresses each flood one lane with the longest jobs they can make,
// while visitors (a new address each time) send one-page jobs to it. Shared by `npm run bench lanes` and
// `npm run bench load`.
import { execFileSync } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { createTextOperatorBomb } from '@quire/test-kit/costly-pdfs';
import { createTextPdf, writePdf, type PdfObject } from '@quire/test-kit/hostile-pdfs';
import { multipartBody, nextVisitor, post, type Body, type Outcome } from './load-http.ts';
import { sleep } from './load-phases.ts';
import { latencies, ms, statusTable, type Goals } from './load-report.ts';

const PDF = 'application/pdf';
const ATTACKERS = 8;
/** Connections each attacker keeps busy: its fair share (one running, three waiting) and one more. */
const CONNECTIONS_PER_ATTACKER = 5;
const ATTACK_TIMEOUT_MS = 3_600_000;
const VICTIM_TIMEOUT_MS = 120_000;

/**
 * A scan of `pages` pages as the attack sent it (136 KB for 100 pages): one greyscale JPEG of a real page
 * (drawn from the corpus at 150 dpi by pdftoppm), stored once and shown on every page.
 */
export async function scannedPdf(pages: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-scan-'));
  try {
    const prefix = join(dir, 'page');
    const source = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-gray',
      '-jpeg',
      '-singlefile',
      '-f',
      '2',
      '-l',
      '2',
      source,
      prefix,
    ]);
    const jpeg = await readFile(`${prefix}.jpg`);
    const [width, height] = jpegSize(jpeg);
    const kids = Array.from({ length: pages }, (_, index) => `${5 + index} 0 R`).join(' ');
    const objects: PdfObject[] = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
      { dict: '<< >>', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im Do Q') },
      {
        dict: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode >>`,
        stream: jpeg,
      },
    ];
    for (let page = 0; page < pages; page += 1) {
      objects.push(
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /XObject << /Im 4 0 R >> >> >>',
      );
    }
    return writePdf(objects);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): [number, number] {
  for (let offset = 2; offset < jpeg.length;) {
    const marker = jpeg[offset + 1] ?? 0;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return [jpeg.readUInt16BE(offset + 7), jpeg.readUInt16BE(offset + 5)];
    offset += 2 + length;
  }
  throw new Error('no JPEG frame');
}

export type LaneAttack = {
  lane: 'pdf' | 'ocr';
  /** What the attackers send, round-robin. */
  attacks: { path: string; body: Body }[];
  /** What a visitor sends, round-robin, one every `victimIntervalMs`. */
  victims: { name: string; path: string; body: Body }[];
  victimIntervalMs: number;
};

/** The attacks and visitors of both lanes. */
export async function laneAttacks(): Promise<LaneAttack[]> {
  const scan = await scannedPdf(100);
  const scanBody = (extra: { name: string; value: string }[] = []) =>
    multipartBody([{ name: 'file', fileName: 'scan.pdf', contentType: PDF, data: scan }, ...extra]);
  const onePage = createTextPdf('A visitor with one page to fix.');
  const one = (extra: { name: string; value: string }[] = []) =>
    multipartBody([{ name: 'file', fileName: 'one-page.pdf', contentType: PDF, data: onePage }, ...extra]);
  const operators = multipartBody([
    { name: 'file', fileName: 'operators.pdf', contentType: PDF, data: createTextOperatorBomb(4_000_000) },
  ]);
  const scanOne = await scannedPdf(1);
  return [
    {
      lane: 'pdf',
      attacks: [
        { path: '/api/pdf/to-word', body: scanBody() },
        { path: '/api/pdf/to-word', body: operators },
        { path: '/api/pdf/compress', body: operators },
      ],
      victims: [
        { name: 'rotate', path: '/api/pdf/rotate', body: one([{ name: 'angle', value: '90' }]) },
        { name: 'compress', path: '/api/pdf/compress', body: one() },
      ],
      victimIntervalMs: 1_000,
    },
    {
      lane: 'ocr',
      attacks: [{ path: '/api/pdf/ocr', body: scanBody([{ name: 'language', value: 'en' }]) }],
      victims: [
        {
          name: 'ocr',
          path: '/api/pdf/ocr',
          body: multipartBody([
            { name: 'file', fileName: 'scan.pdf', contentType: PDF, data: scanOne },
            { name: 'language', value: 'en' },
          ]),
        },
      ],
      victimIntervalMs: 4_000,
    },
  ];
}

export type AttackOutcome = { victims: Map<string, Outcome[]>; attackers: Outcome[] };

/**
 * Eight attackers, each `CONNECTIONS_PER_ATTACKER` connections sending the lane's longest jobs back to back (a
 * refusal is followed by the next request after a second), for `seconds`; after a head start of a few seconds, a
 * visitor every `victimIntervalMs` sends a one-page job. Attackers still running at the end are cut off.
 */
export async function attackLane(
  baseUrl: string,
  attack: LaneAttack,
  seconds: number,
): Promise<AttackOutcome> {
  const stopAt = performance.now() + seconds * 1000;
  const attackers: Outcome[] = [];
  const controller = new AbortController();
  // One signal stops every attacker's connection.
  setMaxListeners(0, controller.signal);
  const loops: Promise<void>[] = [];
  for (let index = 0; index < ATTACKERS; index += 1) {
    const address = nextVisitor();
    for (let connection = 0; connection < CONNECTIONS_PER_ATTACKER; connection += 1) {
      loops.push(
        (async () => {
          for (let round = connection; performance.now() < stopAt && !controller.signal.aborted; round += 1) {
            const { path, body } = attack.attacks[
              round % attack.attacks.length
            ] as LaneAttack['attacks'][number];
            const outcome = await post(
              `${baseUrl}${path}`,
              body,
              ATTACK_TIMEOUT_MS,
              address,
              controller.signal,
            );
            if (!controller.signal.aborted) attackers.push(outcome);
            if (outcome.status !== 200) await sleep(1_000);
          }
        })(),
      );
    }
  }
  await sleep(5_000);
  const victims = new Map<string, Outcome[]>(attack.victims.map((victim) => [victim.name, []]));
  const pending: Promise<void>[] = [];
  for (let round = 0; performance.now() < stopAt - 5_000; round += 1) {
    const victim = attack.victims[round % attack.victims.length] as LaneAttack['victims'][number];
    pending.push(
      post(`${baseUrl}${victim.path}`, victim.body, VICTIM_TIMEOUT_MS).then((outcome) => {
        victims.get(victim.name)?.push(outcome);
      }),
    );
    await sleep(attack.victimIntervalMs);
  }
  await Promise.all(pending);
  controller.abort();
  await Promise.all(loops);
  return { victims, attackers };
}

/** One line per kind of visitor: answered, p50, p95 and max. */
export function describeVictims(outcome: AttackOutcome): string[] {
  return [...outcome.victims].map(([name, outcomes]) => {
    const lat = latencies(outcomes.filter((one) => one.status === 200).map((one) => one.ms));
    return `${name.padEnd(9)} ${statusTable(outcomes)}; p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, max ${ms(lat.max)}`;
  });
}

export type AttackContext = {
  baseUrl: string;
  goals: Goals;
  phase: <T>(name: string, run: () => Promise<T>) => Promise<T>;
  settle: () => Promise<void>;
  seconds: number;
};

/** The load bench's phase: each lane attacked in turn, with its goals (visitors' p95 within 5 s, all answered). */
export async function attackPhases(ctx: AttackContext): Promise<void> {
  for (const attack of await laneAttacks()) {
    await ctx.settle();
    const outcome = await ctx.phase(`attack on ${attack.lane}`, () =>
      attackLane(ctx.baseUrl, attack, ctx.seconds),
    );
    console.log(`\n8 addresses flooding the ${attack.lane} lane with its longest jobs (${ctx.seconds} s):`);
    for (const line of describeVictims(outcome)) console.log(`  visitor ${line}`);
    console.log(`  attackers: ${statusTable(outcome.attackers)}`);
    const visitors = [...outcome.victims.values()].flat();
    const lat = latencies(visitors.filter((one) => one.status === 200).map((one) => one.ms));
    ctx.goals.target(`${attack.lane} lane attacked: visitors' p95 ≤ 5 s`, lat.p95 <= 5000, ms(lat.p95));
    ctx.goals.target(
      `${attack.lane} lane attacked: every visitor answered`,
      visitors.every((one) => one.status === 200),
      statusTable(visitors),
    );
    const broken = outcome.attackers.filter((one) => one.status >= 500 && one.status !== 503);
    ctx.goals.correct(
      `attack on ${attack.lane}: no failure but 503`,
      broken.length === 0,
      statusTable(broken),
    );
  }
}
