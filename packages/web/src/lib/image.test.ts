import { describe, expect, it } from 'vitest';
import { fileSizeText, fitWithin, imageFileProblem } from './image';

describe('fitWithin', () => {
  it('scales the larger side down to the limit and keeps the ratio', () => {
    expect(fitWithin(1600, 400, 800)).toEqual({ width: 800, height: 200 });
    expect(fitWithin(300, 1200, 800)).toEqual({ width: 200, height: 800 });
  });
  it('never enlarges and never reaches zero', () => {
    expect(fitWithin(120, 40.4, 800)).toEqual({ width: 120, height: 40 });
    expect(fitWithin(5000, 1, 800)).toEqual({ width: 800, height: 1 });
  });
});

describe('image file checks', () => {
  const MAX = 7 * 1024 * 1024;
  it('accepts pictures up to the limit', () => {
    expect(imageFileProblem({ name: 'a.png', size: MAX, type: 'image/png' }, MAX)).toBeNull();
    expect(imageFileProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' }, MAX)).toBeNull();
  });
  it('names the file, its size and the limit, as the spec writes it', () => {
    expect(imageFileProblem({ name: 'big.png', size: MAX + 512 * 1024, type: 'image/png' }, MAX)).toBe(
      'File "big.png" size is 7.50 MB. Max size is 7 MB',
    );
    expect(imageFileProblem({ name: 'x.pdf', size: 10, type: 'application/pdf' }, MAX)).toBe(
      'File "x.pdf" has invalid type. Allowed types: image/png, image/jpeg, image/gif, image/webp',
    );
    expect(fileSizeText(1536)).toBe('1.50 KB');
  });
});
