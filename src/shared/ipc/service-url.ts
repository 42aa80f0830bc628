/**
 * Where the desk may send its API credentials and token: over https, or in plain http only to
 * this computer (the demo sandbox and tests listen on loopback). Anything else would send the
 * client secret and then every token in clear text. One rule, used by the sign-in contract (main
 * refuses what breaks it) and by the sign-in form (which says so before sending).
 */
export const SERVICE_URL_PROBLEM = 'must start with https:// (plain http:// only for this computer: localhost, 127.0.0.1, [::1])';

/** A loopback host as the WHATWG URL parser writes it (it has already normalised `0x7f.1` and the like). */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = hostname.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^[0-9]{1,3}$/.test(o) && Number(o) <= 255);
}

export function isAllowedServiceUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}
