import { clientGroup } from './client-address';

describe('clientGroup', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:85a3:42:1:2:3:4', '2001:db8:85a3:42::/64'],
    ['2001:db8:85a3:42:ffff:ffff:ffff:ffff', '2001:db8:85a3:42::/64'],
    ['2001:0DB8:0:0042::1', '2001:db8:0:42::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['unknown', 'unknown'],
    ['not:an:address', 'not:an:address'],
  ])('counts %s as %s', (address, group) => {
    expect(clientGroup(address)).toBe(group);
  });

  it('puts every address of one /64 in one group, and a neighbouring /64 in another', () => {
    const groups = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:abcd::9'].map(clientGroup),
    );
    expect([...groups]).toEqual(['2001:db8:1:2::/64']);
    expect(clientGroup('2001:db8:1:3::1')).not.toBe(clientGroup('2001:db8:1:2::1'));
  });
});
