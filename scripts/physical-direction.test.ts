import { describe, expect, it } from 'vitest';
import {
  candidatesOf,
  findPhysicalClasses,
  findPhysicalCss,
  findPhysicalDirection,
  findPhysicalInlineStyles,
  firstClassOf,
  isPhysicalDeclaration,
  readWebAppSources,
} from './physical-direction.ts';

/**
 * The only physical left/right the web app may use, per file, each with its reason. Anything else in
 * `packages/web/app/**\/*.{ts,tsx,css}` fails: use `ms-`/`me-`, `ps-`/`pe-`, `start-`/`end-`, `text-start`,
 * `border-s`, `rounded-s`, `float-start` and friends, which mirror by themselves in right-to-left pages.
 */
const ALLOWED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'features/layout/mobile-menu.tsx': {
    'starting:translate-x-full':
      'the opening menu slides in from beyond the inline end; transforms have no logical form…',
    'rtl:starting:-translate-x-full': '…so right-to-left pages slide it in from the other side',
  },
  'components/icons.tsx': {
    'rtl:-scale-x-100': 'an arrow pointing to the inline start is mirrored in right-to-left pages',
  },
  'components/lines-field.tsx': {
    'rtl:text-right':
      'words to find take the direction of their own script (dir="auto"), yet an empty field lines up with its label',
  },
  'components/page-list-field.tsx': {
    'rtl:text-right':
      'page lists are typed left to right (dir="ltr") yet line up with the label on the right',
  },
  'components/text-field.tsx': {
    'rtl:text-right': 'a number is typed left to right (dir="ltr") yet lines up with the label on the right',
  },
  'components/page-view/page-boxes-editor.tsx': {
    'left-0':
      "a box's corner handles sit on the page's own corners: a page is not mirrored in right-to-left pages…",
    'right-0': '…so its right edge stays on the right…',
    '-translate-x-1/2': '…and a handle is centred on the corner by moving it half its width…',
    'translate-x-1/2': '…one way or the other',
  },
};

describe('the web app', () => {
  it('lays out by inline start and end, except the allowed uses', async () => {
    const sources = await readWebAppSources();
    expect(sources.has('app.css') && sources.has('root.tsx') && sources.size > 50).toBe(true);
    const uses = await findPhysicalDirection(sources);
    const isAllowed = (file: string, what: string) => ALLOWED[file]?.[what] !== undefined;
    const unexpected = uses.filter((use) => !isAllowed(use.file, use.what));
    expect(unexpected.map((use) => `${use.file}: ${use.what} (${use.declaration})`)).toEqual([]);
    // An allowance nothing needs any more goes too.
    const used = new Set(uses.map((use) => `${use.file} ${use.what}`));
    const stale = Object.entries(ALLOWED).flatMap(([file, classes]) =>
      Object.keys(classes)
        .filter((what) => !used.has(`${file} ${what}`))
        .map((what) => `${file} ${what}`),
    );
    expect(stale).toEqual([]);
  });
});

describe('isPhysicalDeclaration', () => {
  it('flags sides, left/right keywords, horizontal moves and lopsided shorthands', () => {
    const physical: [string, string][] = [
      ['margin-left', '1rem'],
      ['right', '0'],
      ['border-right-width', '1px'],
      ['border-top-left-radius', '4px'],
      ['text-align', 'left'],
      ['float', 'right'],
      ['transform-origin', 'top left'],
      ['transform-origin', '0'],
      ['object-position', '100% 0'],
      ['background-image', 'linear-gradient(to right, red, blue)'],
      ['transform', 'translateX(10px)'],
      ['transform', 'scaleX(-1)'],
      ['translate', '100% 0'],
      ['--tw-translate-x', '100%'],
      ['--tw-scale-x', 'calc(100% * -1)'],
      ['margin', '0 1rem 0 2rem'],
      ['border-radius', '4px 0 0 4px'],
    ];
    for (const [property, value] of physical)
      expect(isPhysicalDeclaration(property, value), property).toBe(true);
  });

  it('lets logical, vertical and symmetric declarations pass', () => {
    const fine: [string, string][] = [
      ['margin-inline-start', '1rem'],
      ['inset-inline-end', '0'],
      ['text-align', 'start'],
      ['float', 'inline-end'],
      ['transform', 'translateY(0.5rem)'],
      ['transform', 'rotate(90deg)'],
      ['translate', 'var(--tw-translate-x) var(--tw-translate-y)'],
      ['--tw-translate-x', '0px'],
      ['--tw-translate-x', 'calc(var(--spacing) * 0)'],
      ['--tw-scale-x', '50%'],
      ['margin', '0 1rem'],
      ['border-radius', '4px'],
      ['scroll-padding-top', '4rem'],
      ['transform-origin', 'center'],
      ['transform-origin', 'top'],
      ['object-position', '50% 100%'],
    ];
    for (const [property, value] of fine)
      expect(isPhysicalDeclaration(property, value), property).toBe(false);
  });
});

describe('findPhysicalClasses', () => {
  it('judges Tailwind classes by the CSS Tailwind emits, variants included', async () => {
    const physical = [
      'ml-2',
      'pr-4',
      'left-0',
      '-right-2',
      'text-left',
      'md:text-right',
      'border-l-2',
      'rounded-tr-lg',
      'rounded-l',
      'float-left',
      'origin-left',
      'origin-top-right',
      'object-right',
      'bg-left',
      'translate-x-full',
      'rtl:-translate-x-full',
      '-scale-x-100',
      'bg-linear-to-r',
      'scroll-ml-4',
      '[margin-left:3px]',
      'hover:mr-1',
    ];
    const logical = [
      'ms-2',
      'pe-4',
      'start-0',
      '-end-2',
      'text-start',
      'border-s-2',
      'rounded-se-lg',
      'rounded-s',
      'float-start',
      'space-x-4',
      'divide-x',
      'inset-x-0',
      'px-3',
      'translate-x-0',
      'translate-y-2',
      'scale-x-50',
      'bg-linear-to-b',
      'origin-top',
      'origin-center',
      'object-bottom',
      'mx-auto',
      'not-a-class',
    ];
    const found = await findPhysicalClasses([...physical, ...logical]);
    expect(found.map((use) => use.what).sort()).toEqual([...physical].sort());
    expect(found.find((use) => use.what === 'ml-2')?.declaration).toMatch(/^margin-left:/);
  });
});

describe('source scanning', () => {
  it('splits a component into class candidates', () => {
    const source =
      "className={`flex ${isOpen ? 'translate-x-0' : 'translate-x-full rtl:-translate-x-full'}`}";
    expect([...candidatesOf(source)]).toEqual(
      expect.arrayContaining(['translate-x-0', 'translate-x-full', 'rtl:-translate-x-full', 'flex']),
    );
  });

  it('reads escaped class selectors back to the class', () => {
    expect(firstClassOf(String.raw`.rtl\:-scale-x-100:where(:is(:lang(ar)),[dir=rtl],[dir=rtl] *)`)).toBe(
      'rtl:-scale-x-100',
    );
    expect(firstClassOf(String.raw`:where(.space-x-4 > :not(:last-child))`)).toBe('space-x-4');
    expect(firstClassOf(String.raw`.\[margin-left\:3px\]`)).toBe('[margin-left:3px]');
    expect(firstClassOf('@media (width>=48rem)')).toBeUndefined();
  });

  it('finds physical properties in our style sheets and inline styles', () => {
    const css = '.a { margin-inline-start: 1rem; } @media (min-width: 1px) { .b { padding-right: 2px; } }';
    expect(findPhysicalCss(css)).toEqual([{ what: 'padding-right', declaration: 'padding-right: 2px' }]);
    expect(findPhysicalCss('@keyframes in { from { transform: translateY(1rem); } }')).toEqual([]);
    const component = '<img style={{ marginLeft: 4, transform: `rotate(${degrees}deg)` }} />';
    expect(findPhysicalInlineStyles(component).map((use) => use.what)).toEqual(['marginLeft']);
  });
});
