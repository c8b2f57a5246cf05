import type { HocrReading, HocrWord } from './read-hocr.ts';

/**
 * Where the two Chinese models read one sample differently, the traditional model must be this much surer on
 * average (points of confidence), and this sure itself, for the page to be in traditional characters. Measured on
 * samples of our scans: on traditional pages it is 7.7–17 points surer where they differ, and 91–94% sure (the
 * simplified model hesitates over characters it does not know); on simplified pages, −1.7 to 3 points, as it turns
 * each simplified character into its traditional form; in the small print of a simplified table's cells, 17 points
 * but only 56% sure, as both models guess.
 */
const MIN_TRADITIONAL_LEAD = 5;
const MIN_TRADITIONAL_CONFIDENCE = 80;

/**
 * Whether a sample of Chinese text is printed in traditional characters, from its readings by the simplified and by
 * the traditional model: the words read differently by the two (matched by place) and how sure each model was of
 * them. Read alike, the text is simplified, as most Chinese print is.
 */
export function isTraditionalHan(simplified: HocrReading, traditional: HocrReading): boolean {
  const others = traditional.lines.flatMap((line) => line.words);
  let simplifiedSum = 0;
  let traditionalSum = 0;
  let differing = 0;
  for (const word of simplified.lines.flatMap((line) => line.words)) {
    const other = others.find((candidate) => holdsCentreOf(candidate, word));
    if (!other || other.text === word.text) continue;
    simplifiedSum += word.confidence;
    traditionalSum += other.confidence;
    differing += 1;
  }
  if (differing === 0) return false;
  const lead = (traditionalSum - simplifiedSum) / differing;
  return lead >= MIN_TRADITIONAL_LEAD && traditionalSum / differing >= MIN_TRADITIONAL_CONFIDENCE;
}

function holdsCentreOf(word: HocrWord, other: HocrWord): boolean {
  const x = (other.box.x0 + other.box.x1) / 2;
  const y = (other.box.y0 + other.box.y1) / 2;
  return x >= word.box.x0 && x <= word.box.x1 && y >= word.box.y0 && y <= word.box.y1;
}
