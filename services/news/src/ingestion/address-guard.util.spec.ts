import { classifyAddress, isAddressAllowed } from './address-guard.util';

describe('address guard', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    'ff02::1',
    'not-an-ip',
  ])('refuses %s even with loopback allowed', (address) => {
    expect(isAddressAllowed(address, true)).toBe(false);
  });

  it.each(['127.0.0.1', '127.10.0.1', '::1'])(
    'allows loopback %s only behind the switch',
    (address) => {
      expect(classifyAddress(address)).toBe('loopback');
      expect(isAddressAllowed(address, false)).toBe(false);
      expect(isAddressAllowed(address, true)).toBe(true);
    },
  );

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111'])(
    'allows public %s',
    (address) => {
      expect(isAddressAllowed(address, false)).toBe(true);
    },
  );
});
