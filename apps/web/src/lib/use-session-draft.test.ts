import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionDraft } from './use-session-draft';

const isText = (value: unknown): value is string => typeof value === 'string';

beforeEach(() => sessionStorage.clear());

describe('useSessionDraft', () => {
  it('keeps edits across a remount, and drops them once cleared', () => {
    const first = renderHook(() => useSessionDraft('note:user-1', 'saved', isText));
    expect(first.result.current[0]).toBe('saved');
    act(() => first.result.current[1]('unsaved edit'));
    first.unmount();

    const second = renderHook(() => useSessionDraft('note:user-1', 'saved', isText));
    expect(second.result.current[0]).toBe('unsaved edit');
    act(() => second.result.current[2]());
    second.unmount();
    expect(renderHook(() => useSessionDraft('note:user-1', 'saved', isText)).result.current[0]).toBe('saved');
  });

  it('never offers one user the draft of another, nor a draft of the wrong shape', () => {
    const first = renderHook(() => useSessionDraft('note:user-1', 'saved', isText));
    act(() => first.result.current[1]('private'));
    expect(renderHook(() => useSessionDraft('note:user-2', 'theirs', isText)).result.current[0]).toBe('theirs');
    sessionStorage.setItem('draft:note:user-3', '{"not":"text"}');
    expect(renderHook(() => useSessionDraft('note:user-3', 'fallback', isText)).result.current[0]).toBe('fallback');
  });
});
