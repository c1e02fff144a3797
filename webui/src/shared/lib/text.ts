/**
 * `text` as the server's one-line text rule takes it: control characters, line breaks and hidden
 * direction marks become spaces, runs of space one space, and it is cut to `max` characters
 * (characters, not UTF-16 units: a cut never splits an emoji).
 */
export function oneLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ');
  return Array.from(line.replace(/\s+/g, ' ').trim()).slice(0, max).join('').trim();
}
