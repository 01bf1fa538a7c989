/**
 * Hosts whose links are shown as plain text, never as links (spec §5): link shorteners,
 * which hide where a link really goes, and IP loggers, which record whoever opens them.
 * A host is blocked when it or any parent domain is listed, so `sub.bit.ly` is too.
 * Entries may be written in Unicode; they are normalised like the hosts they are compared
 * with. This is the one place the list lives.
 *
 * Deliberately not listed: first-party shorteners that can only lead to their own site
 * (youtu.be, amzn.to, redd.it), since they hide nothing a reader would not expect.
 * lnkd.in is listed: LinkedIn wraps arbitrary outside URLs in it.
 */
// prettier-ignore
const LINK_SHORTENERS = [
  'bit.ly', 'bitly.com', 'bitly.is', 'j.mp', 'bit.do',
  'tinyurl.com', 'tiny.cc', 'tiny.one', 'tiny.pl',
  't.co', 'goo.gl', 'ow.ly', 'ht.ly',
  'is.gd', 'v.gd', 'cutt.ly', 'cutt.us', 'shorturl.at', 'shorturl.com',
  'rebrand.ly', 'rb.gy', 't.ly', 'buff.ly', 'dlvr.it', 'ift.tt',
  'shorte.st', 'sh.st', 'adf.ly', 'j.gs', 'q.gs', 'u.bb', 'ouo.io', 'ouo.press',
  'lnkd.in', 's.id', 'cli.gs', 'po.st', 'bl.ink', 'soo.gd', 'tr.im', 'x.co',
  'u.to', 'clck.ru', 'qr.ae', 'shrtco.de', 't2m.io', 'short.io', 'short.gy',
  'snip.ly', 'snipurl.com', 'urlzs.com', 'gg.gg', 'bc.vc', 'mcaf.ee',
  'su.pr', 'qr.net', '1url.com', 'hyperurl.co', 'urlz.fr', 'kutt.it', 'tny.im',
];

// prettier-ignore
const IP_LOGGERS = [
  // IPLogger and its sister domains
  'iplogger.org', 'iplogger.com', 'iplogger.ru', 'iplogger.co', 'iplogger.info',
  '2no.co', 'yip.su', 'iplis.ru', 'ezstat.ru', 'wl.gl', 'ed.tc', 'bc.ax', 'maper.info',
  'ipgrabber.ru', 'ipgraber.ru', '02ip.ru',
  // Grabify and the look-alike domains it offers (some are IDN look-alikes)
  'grabify.link', 'grabify.org', 'grabify.icu', 'bmwforum.co', 'leancoding.co',
  'spottyfly.com', 'stopify.co', 'freegiftcards.co', 'quickmessage.us',
  'xda-developers.us', 'fortnight.space', 'fortnitechat.site', 'youshouldclick.us',
  'joinmy.site', 'crabrave.pw', 'lovebird.guru', 'trulove.guru', 'dateing.club',
  'otherhalf.life', 'shrekis.life', 'datasig.io', 'datauth.io', 'headshot.monster',
  'gaming-at-my.best', 'progaming.monster', 'yourmy.monster', 'screenshare.host',
  'imageshare.best', 'screenshot.best', 'gamingfun.me', 'catsnthing.com',
  'catsnthings.fun', 'curiouscat.club',
  'yoütu.be', 'discörd.com', 'minecräft.com', 'disçordapp.com', 'särahah.eu', 'särahah.pl',
  // Blasze and other loggers
  'blasze.tk', 'blasze.com', 'ps3cfw.com', 'whatstheirip.com',
];

const BLOCKED = new Set(
  [...LINK_SHORTENERS, ...IP_LOGGERS].map((host) => {
    const normalized = normalizeHost(host);
    if (!normalized) throw new Error(`blocked-hosts: not a host name: ${host}`);
    return normalized;
  }),
);

/**
 * The comparable form of a host name: what the URL parser makes of it (IDNA mapping,
 * so full-width letters and dots fold to ASCII and Unicode labels become punycode),
 * lower-cased, without the trailing dot that makes `bit.ly.` the same host as `bit.ly`.
 * Returns null for anything the parser refuses or that is not a bare host.
 */
export function normalizeHost(host: string): string | null {
  const raw = host.trim();
  if (!raw || /[\s/\\?#@]/.test(raw)) return null;
  let hostname: string;
  try {
    hostname = new URL(`https://${raw}`).hostname;
  } catch {
    return null;
  }
  return hostname.toLowerCase().replace(/\.+$/, '') || null;
}

/** `a.b.bit.ly` → `a.b.bit.ly`, `b.bit.ly`, `bit.ly`, `ly`: the host and every parent. */
function hostAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/** True when the host, or any domain above it, is a shortener or an IP logger. */
export function isBlockedHost(host: string): boolean {
  const normalized = normalizeHost(host);
  if (!normalized) return false;
  return hostAndParents(normalized).some((candidate) => BLOCKED.has(candidate));
}
