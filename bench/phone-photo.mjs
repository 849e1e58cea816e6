import sharp from 'sharp';

/**
 * A phone's photo as staff upload it: 4032×3024 stored on its side (EXIF orientation 6), with the
 * GPS position where it was taken; photo-like content (smooth shapes and a fine grain), so its
 * copies compress as a real photo's do. `shade` varies the picture (each news item its own cover).
 */
export async function phonePhoto(shade = 0, width = 4032, height = 3024) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7 + shade;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed % 13) - 6;
      const at = (y * width + x) * 3;
      pixels[at] = 120 + 80 * Math.sin((x + shade * 97) / 310) + grain;
      pixels[at + 1] = 110 + 60 * Math.cos(y / 240) + grain;
      pixels[at + 2] = 100 + 50 * Math.sin((x + y) / 500) + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
