/** A path on this site to go to after signing in; anything else (another host) is dropped. */
export function safeReturnTo(value: string | null): string | undefined {
  if (!value || !/^\/(?![/\\])[^\s\\]{0,299}$/.test(value)) return undefined;
  return value;
}
