import type { PixelSize } from '../../../contract/storefront';

/**
 * Pixel size of a PNG or JPEG from its bytes (a banner's image size is exact). An
 * SVG scales to any size, so it has none to check. Null when the header cannot be read.
 */
export function rasterSize(bytes: Uint8Array, type: string): PixelSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/png') {
    // Signature (8), IHDR length (4) and name (4), then width and height.
    if (bytes.length < 24 || String.fromCharCode(...bytes.slice(12, 16)) !== 'IHDR') return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === 'image/jpeg') {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1];
      // Padding bytes between segments.
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      const length = view.getUint16(offset + 2);
      // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
      }
      if (length < 2) return null;
      offset += 2 + length;
    }
    return null;
  }
  return null;
}
