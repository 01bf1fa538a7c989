/**
 * Top-level domains a bare domain in prose may end with (`example.com`, `café.fr`). With
 * a protocol any host is accepted; without one, a known ending is what tells a domain
 * from a file name (`notes.txt`) or a missing space after a full stop (`great.Then`).
 * Every country code, plus the generic endings people actually type.
 */
// prettier-ignore
const COUNTRY_CODES =
  'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo ' +
  'br bs bt bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm ' +
  'do dz ec ee eg er es et eu fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs ' +
  'gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km ' +
  'kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp ' +
  'mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk ' +
  'pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss ' +
  'st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va ' +
  'vc ve vg vi vn vu wf ws ye yt za zm zw';

// prettier-ignore
const GENERIC =
  'com net org edu gov mil int info biz name pro mobi asia aero coop jobs travel museum ' +
  'app dev page blog shop store online site website xyz top club art design studio tech ' +
  'cloud email link live life world city guide tours restaurant cafe bar pub wine beer ' +
  'menu pizza coffee hotel hotels holiday flights news media photo photos photography ' +
  'gallery review reviews wiki today space fun icu best monster guru host land place zone ' +
  'one network social agency company global group events museum church garden beach ' +
  'travel berlin paris london nyc tokyo amsterdam wien barcelona quebec';

const KNOWN = new Set(`${COUNTRY_CODES} ${GENERIC}`.split(/\s+/));

/** `tld` as the URL parser gives it: lower-case ASCII, or punycode for an IDN ending. */
export function isKnownTld(tld: string): boolean {
  return KNOWN.has(tld) || tld.startsWith('xn--');
}
