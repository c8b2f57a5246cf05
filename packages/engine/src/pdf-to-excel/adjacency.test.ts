import { describe, expect, it } from 'vitest';
import { adjacencyRelations, precisionRecallF1, scorePage } from './adjacency.ts';

describe('the ICDAR 2013 adjacency relations', () => {
  it('relate each cell to its nearest non-empty neighbour right and below, white space aside', () => {
    const relations = adjacencyRelations([
      ['Model', '', 'Width'],
      ['Tiny', '4', '384'],
      ['', '6', ''],
    ]);
    expect(relations.sort()).toEqual(
      [
        'right|Model|Width',
        'down|Model|Tiny',
        'down|Width|384',
        'right|Tiny|4',
        'right|4|384',
        'down|4|6',
      ].sort(),
    );
    expect(adjacencyRelations([['Large V2', '2.0 × 10−4']])).toEqual(['right|LargeV2|2.0×10−4']);
  });

  it('relate a merged cell once to each neighbour it has along its rows and columns', () => {
    const relations = adjacencyRelations([
      ['Input', '<', '<'],
      ['A', '1', '2'],
    ]);
    expect(relations.sort()).toEqual(
      ['down|Input|1', 'down|Input|2', 'down|Input|A', 'right|1|2', 'right|A|1'].sort(),
    );
  });

  it('score a page: each truth table against the found table that shares most, the others left out', () => {
    const truth = [
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ];
    const exact = scorePage(truth, [[['x', 'y']], truth[0] as string[][]]);
    expect(exact).toEqual({ found: 4, truth: 4, correct: 4 });
    // Two rows read as one: the found table's relations are wrong, and the truth's are missed.
    const merged = scorePage(truth, [[['a', 'b c', 'd']]]);
    expect(merged).toEqual({ found: 0, truth: 4, correct: 0 });
    const split = scorePage(truth, [[['a', 'b']]]);
    expect(precisionRecallF1(split)).toEqual({ precision: 1, recall: 0.25, f1: 0.4 });
  });
});
