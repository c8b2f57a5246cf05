import { writeLetterPage, type PdfObject } from '@quire/test-kit/hostile-pdfs';

/**
 * An 8×8 grey image full (255) in its two left and two right columns, empty (0) in the four between: the empty part
 * inside, where it cannot be taken for a blank margin.
 */
function fullEnds(): Buffer {
  const samples = Buffer.alloc(64);
  for (let row = 0; row < 8; row += 1) {
    samples.fill(0xff, row * 8, row * 8 + 2);
    samples.fill(0xff, row * 8 + 6, row * 8 + 8);
  }
  return samples;
}

/**
 * A page with one 8×8 image (object 6, with any objects it refers to after it), drawn 144 points wide near the
 * top, with a line of text under it.
 */
function imageAboveText(text: string, objects: PdfObject[]): Buffer {
  return writeLetterPage(`q 144 0 0 144 72 576 cm /Im1 Do Q\nBT /F1 12 Tf 72 540 Td (${text}) Tj ET`, {
    resources: '/XObject << /Im1 6 0 R >> ',
    extra: objects,
  });
}

/**
 * A page with one image in a spot colour (`/Separation` of pure cyan through a CMYK tint function): its ends at
 * 100% tint, its middle at 0% (no ink, paper white).
 */
export function createSpotColourImagePdf(): Buffer {
  return imageAboveText('A cyan mark above this line', [
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 /ColorSpace [/Separation /SpotCyan /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0 0 0] /N 1 >>] >>',
      stream: fullEnds(),
    },
  ]);
}

/** A page with one black RGB image whose soft mask (`/SMask`) shows only its ends: marks on a transparent background. */
export function createSoftMaskedImagePdf(): Buffer {
  return imageAboveText('A black mark above this line', [
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 /ColorSpace /DeviceRGB /SMask 7 0 R >>',
      stream: Buffer.alloc(8 * 8 * 3),
    },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 /ColorSpace /DeviceGray >>',
      stream: fullEnds(),
    },
  ]);
}
