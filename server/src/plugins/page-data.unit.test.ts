import { describe, expect, it } from 'vitest';
import { listPageKey, scriptSafeJson } from './page-data.ts';

describe('the page data block (issue 14 §4)', () => {
  it('keeps JSON inside its <script> element, whatever the strings hold', () => {
    const hostile = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029 >' };
    const safe = scriptSafeJson(JSON.stringify(hostile));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(hostile);
  });

  it('finds the list key of a list page as the router decodes it', () => {
    expect(listPageKey('/lists/coffee')).toBe('coffee');
    expect(listPageKey('/Lists/12/')).toBe('12');
    expect(listPageKey('/lists/caf%C3%A9')).toBe('café');
    expect(listPageKey('/lists/%E0%A4%A')).toBeUndefined();
    expect(listPageKey('/lists/coffee/delete')).toBeUndefined();
    expect(listPageKey('/')).toBeUndefined();
  });
});
