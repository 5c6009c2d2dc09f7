/**
 * Lookup keys for place names. `foldPlaceName` removes what spelling conventions disagree on
 * (case, diacritics, apostrophes, hyphens); `skeletonPlaceName` further merges the common
 * romanisation variants (y/i, doubled letters, `-iya`/`-ia`/`-a` endings) so that "Mykolayiv"
 * finds "Mykolaiv" and "Odessa" finds "Odesa" by rule rather than by a list.
 *
 * @example foldPlaceName('Kraków') // 'krakow'
 * @example skeletonPlaceName('Zaporizhzhia') === skeletonPlaceName('Zaporizhia') // true
 */
const PLAIN = /^[A-Za-z ]*$/;

export function foldPlaceName(name: string): string {
  if (PLAIN.test(name)) return name.toLowerCase().trim().replace(/ +/g, ' ');
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[‘’'ʼ`ʻ]/g, '')
    .replace(/[-‐–\s]+/g, ' ')
    .replace(/\./g, '')
    .trim();
}

export function skeletonPlaceName(name: string): string {
  return skeletonOfFolded(foldPlaceName(name));
}

/** `skeletonPlaceName` for a name that is already folded. */
export function skeletonOfFolded(folded: string): string {
  return folded
    .replace(/y/g, 'i')
    .replace(/(..)\1/g, '$1')
    .replace(/(.)\1/g, '$1')
    .replace(/i?a\b/g, 'a')
    .replace(/\bal /g, '')
    .replace(/ /g, '');
}
