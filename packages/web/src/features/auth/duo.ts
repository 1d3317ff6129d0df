import type { DuoChallenge, LoginResponse } from '@vigil/contract';

const KEY = 'vigil.duo-challenge';

export function isDuoChallenge(r: LoginResponse): r is DuoChallenge {
  return (r as DuoChallenge).duoRequired === true;
}

/** Sends the browser to Duo's prompt; the challenge waits in this tab until Duo sends it back to /page/duo. */
export function goToDuo(challenge: DuoChallenge): void {
  sessionStorage.setItem(KEY, challenge.challengeToken);
  window.location.assign(challenge.duoUrl);
}

/** The challenge of the sign-in Duo sent back (once). */
export function takeDuoChallenge(): string | null {
  const token = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return token;
}
