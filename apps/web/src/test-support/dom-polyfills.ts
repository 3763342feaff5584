// jsdom lacks a few browser APIs that Radix primitives call. Importing this module fills them
// with inert stand-ins so component tests can open popovers, selects, menus and tooltips.

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = ResizeObserverStub
}

const elementProto = Element.prototype as Partial<Element> & Element
if (typeof elementProto.scrollIntoView !== 'function') {
  elementProto.scrollIntoView = function scrollIntoView() {}
}
if (typeof elementProto.hasPointerCapture !== 'function') {
  elementProto.hasPointerCapture = function hasPointerCapture() {
    return false
  }
}
if (typeof elementProto.setPointerCapture !== 'function') {
  elementProto.setPointerCapture = function setPointerCapture() {}
}
if (typeof elementProto.releasePointerCapture !== 'function') {
  elementProto.releasePointerCapture = function releasePointerCapture() {}
}

/** A MediaQueryList that never matches; tests replace window.matchMedia to simulate devices. */
export function createMediaQueryList(query: string, matches = false): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }
}

if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => createMediaQueryList(query),
  })
}
