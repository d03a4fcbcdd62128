import { describe, expect, it } from 'vitest';
import { answerMediaType, isDeclaredMediaType, mediaTypeEssence, mediaTypeParameter } from './media-types';

describe('media types', () => {
  it('reads every +json subtype as JSON where JSON is declared, merge-patch only where it is declared itself', () => {
    expect(isDeclaredMediaType(['application/json'], 'application/json')).toBe(true);
    expect(isDeclaredMediaType(['application/json'], 'application/vnd.tyro.connect+json')).toBe(true);
    expect(isDeclaredMediaType(['application/json'], 'application/vnd.connect+json')).toBe(true);
    expect(isDeclaredMediaType(['application/json'], 'application/merge-patch+json')).toBe(false);
    expect(isDeclaredMediaType(['application/merge-patch+json', 'application/json'], 'application/merge-patch+json')).toBe(true);
    expect(isDeclaredMediaType(['application/json'], 'text/json')).toBe(false);
    expect(isDeclaredMediaType(['application/json'], 'application/x-www-form-urlencoded')).toBe(false);
    expect(isDeclaredMediaType(['application/json'], 'application/+json')).toBe(false);
  });

  it('answers in Tyro Connect’s own media type when Accept prefers it to plain JSON', () => {
    expect(answerMediaType('application/vnd.tyro.connect+json;version=0.1', '1.0')).toBe('application/vnd.tyro.connect+json;version=1.0');
    expect(answerMediaType('application/json, application/vnd.tyro.connect+json', '1.0')).toBe('application/json');
    expect(answerMediaType('application/json;q=0.5, application/vnd.tyro.connect+json', '0.9')).toBe('application/vnd.tyro.connect+json;version=0.9');
    expect(answerMediaType('application/vnd.tyro.connect+json;q=0, application/json', '1.0')).toBe('application/json');
    expect(answerMediaType('application/vnd.connect+json;version=1.0', '1.0')).toBe('application/json');
    expect(answerMediaType(null, '1.0')).toBe('application/json');
  });

  it('reads a media type’s essence and parameters', () => {
    expect(mediaTypeEssence(' Application/JSON ; charset=utf-8')).toBe('application/json');
    expect(mediaTypeEssence('')).toBeUndefined();
    expect(mediaTypeParameter('text/html, application/json; Version="1.1"', 'version')).toBe('1.1');
    expect(mediaTypeParameter('application/json', 'version')).toBeUndefined();
  });
});
