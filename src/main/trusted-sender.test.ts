import { describe, expect, it } from 'vitest';
import { createAppUrlMatcher } from './app-url';
import { isTrustedSender } from './trusted-sender';

const ourContents = { id: 1 };
const otherContents = { id: 2 };
const isApp = createAppUrlMatcher('http://localhost:5173/');
const mainFrame = { url: 'http://localhost:5173/', parent: null };

describe('isTrustedSender', () => {
  it('trusts the top frame of our window on our page', () => {
    expect(isTrustedSender({ sender: ourContents, senderFrame: mainFrame }, ourContents, isApp)).toBe(true);
  });

  it('refuses another window, even on the same page', () => {
    expect(isTrustedSender({ sender: otherContents, senderFrame: mainFrame }, ourContents, isApp)).toBe(
      false,
    );
  });

  it('refuses a subframe of our window', () => {
    const subframe = { url: 'http://localhost:5173/', parent: mainFrame };
    expect(isTrustedSender({ sender: ourContents, senderFrame: subframe }, ourContents, isApp)).toBe(false);
  });

  it('refuses our window once it shows a foreign page', () => {
    const navigated = { url: 'https://example.com/', parent: null };
    expect(isTrustedSender({ sender: ourContents, senderFrame: navigated }, ourContents, isApp)).toBe(false);
  });

  it('refuses a sender whose frame is gone', () => {
    expect(isTrustedSender({ sender: ourContents, senderFrame: null }, ourContents, isApp)).toBe(false);
  });
});
