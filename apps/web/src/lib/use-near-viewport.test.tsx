import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNearViewport } from './use-near-viewport'

/** An IntersectionObserver whose callback the test calls, as the browser would on scrolling. */
class FakeObserver {
  static instances: FakeObserver[] = []
  observed: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }))
    this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver)
  }
}

function Box({ alreadyNear = false }: { alreadyNear?: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  const near = useNearViewport(ref, alreadyNear)
  return <div ref={ref}>{near ? 'drawn' : 'waiting'}</div>
}

describe('useNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    FakeObserver.instances = []
  })

  it('waits until the element comes near the viewport, then stays drawn', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(<Box />)
    expect(screen.getByText('waiting')).toBeInTheDocument()
    const [observer] = FakeObserver.instances
    expect(observer?.options?.rootMargin).toBe('100px')

    act(() => observer?.report(false))
    expect(screen.getByText('waiting')).toBeInTheDocument()
    act(() => observer?.report(true))
    expect(screen.getByText('drawn')).toBeInTheDocument()
    // Seen once is enough: the observer is let go, and scrolling away draws nothing new.
    expect(observer?.disconnected).toBe(true)
    expect(FakeObserver.instances).toHaveLength(1)
  })

  it('draws at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Box />)
    expect(screen.getByText('drawn')).toBeInTheDocument()
  })

  it('draws at once, observing nothing, what the page says is already near', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(<Box alreadyNear />)
    expect(screen.getByText('drawn')).toBeInTheDocument()
    expect(FakeObserver.instances).toHaveLength(0)
  })
})
