import { describe, expect, it } from 'vitest';
import { addressBytes, inCidr, isAllowEntry, parseCidr, refusedRange } from './outbound-address.ts';
import { addressProblem, outboundPolicy, STRICT_OUTBOUND } from './outbound.ts';

describe('refusedRange', () => {
  it.each([
    // IPv4
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['203.0.113.5', 'documentation'],
    // IPv6
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['100::1', 'reserved'],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::FFFF:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:0001::', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
  ])('refuses %s as %s', (ip, label) => {
    expect(refusedRange(ip)?.label).toBe(label);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '192.169.0.1',
    '223.255.255.255',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
    'fbff::1',
    'fe7f::1',
  ])('lets %s through', (ip) => {
    expect(refusedRange(ip)).toBeNull();
  });

  it('names the range it matched', () => {
    expect(refusedRange('169.254.169.254')).toEqual({ label: 'link-local', cidr: '169.254.0.0/16' });
    expect(refusedRange('::ffff:7f00:1')).toEqual({ label: 'loopback', cidr: '127.0.0.0/8' });
    expect(refusedRange('fd00::1')).toEqual({ label: 'unique-local', cidr: 'fc00::/7' });
  });

  it('refuses what is not an address at all', () => {
    expect(refusedRange('localhost')?.label).toBe('reserved');
    expect(refusedRange('')?.label).toBe('reserved');
  });
});

describe('addresses and ranges', () => {
  it('reads IPv4 as IPv4-mapped IPv6', () => {
    expect(addressBytes('1.2.3.4')).toEqual(addressBytes('::ffff:1.2.3.4'));
    expect(addressBytes('::ffff:0102:0304')).toEqual(addressBytes('::ffff:1.2.3.4'));
    expect(addressBytes('nope')).toBeNull();
    expect(addressBytes('1.2.3')).toBeNull();
  });

  it.each([
    ['10.1.2.3', '10.0.0.0/8', true],
    ['11.1.2.3', '10.0.0.0/8', false],
    ['192.168.5.5', '192.168.5.5', true],
    ['192.168.5.6', '192.168.5.5', false],
    ['::ffff:192.168.5.5', '192.168.5.0/24', true],
    ['fd00::5', 'fd00::/64', true],
    ['fd00:0:0:1::5', 'fd00::/64', false],
    ['8.8.8.8', '0.0.0.0/0', true],
  ])('%s in %s: %s', (ip, cidr, inside) => {
    expect(inCidr(addressBytes(ip)!, parseCidr(cidr)!)).toBe(inside);
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/x', '1.2.3.4/8/1', 'example.com/24'])('does not parse %s', (c) => {
    expect(parseCidr(c)).toBeNull();
  });

  it.each([
    ['psa.lab.local', true],
    ['*.lab.local', true],
    ['10.0.0.0/8', true],
    ['127.0.0.1', true],
    ['fd00::/8', true],
    ['http://x', false],
    ['a b', false],
    ['10.0.0.0/40', false],
  ])('allow-list entry %s is valid: %s', (entry, valid) => {
    expect(isAllowEntry(entry)).toBe(valid);
  });
});

describe('addressProblem', () => {
  it('words the refusal with the address, the range and the host that resolved to it', () => {
    expect(addressProblem('127.0.0.1', STRICT_OUTBOUND)).toBe(
      'The address 127.0.0.1 is in a loopback range (127.0.0.0/8), which Vigil does not connect to.',
    );
    expect(addressProblem('10.0.0.7', STRICT_OUTBOUND, 'psa.corp.example')).toBe(
      'The host psa.corp.example resolves to 10.0.0.7, in a private range (10.0.0.0/8), which Vigil does not connect to.',
    );
    expect(addressProblem('8.8.8.8', STRICT_OUTBOUND)).toBeNull();
  });

  it('opens everything with OUTBOUND_ALLOW_PRIVATE, and only the listed ranges with OUTBOUND_ALLOW_HOSTS', () => {
    const open = outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: true, OUTBOUND_ALLOW_HOSTS: [] });
    expect(addressProblem('169.254.169.254', open)).toBeNull();
    const lab = outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: false, OUTBOUND_ALLOW_HOSTS: ['10.9.0.0/16', 'fd00::1'] });
    expect(addressProblem('10.9.1.2', lab)).toBeNull();
    expect(addressProblem('::ffff:10.9.1.2', lab)).toBeNull();
    expect(addressProblem('fd00::1', lab)).toBeNull();
    expect(addressProblem('10.8.1.2', lab)).toMatch(/private range/);
    expect(addressProblem('127.0.0.1', lab)).toMatch(/loopback range/);
  });
});
