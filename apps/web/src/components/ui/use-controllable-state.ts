import { useCallback, useState } from 'react'

interface ControllableStateOptions<T> {
  /** The controlled value; when defined, the component never keeps its own copy. */
  prop: T | undefined
  /** The starting value when uncontrolled. */
  defaultProp: T
  onChange?: ((value: T) => void) | undefined
}

/** A value that a parent may control (prop + onChange) or leave to the component. */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
}: ControllableStateOptions<T>): [T, (value: T) => void] {
  const [internal, setInternal] = useState<T>(defaultProp)
  const isControlled = prop !== undefined
  const value = isControlled ? prop : internal
  const setValue = useCallback(
    (next: T) => {
      if (!isControlled) setInternal(next)
      onChange?.(next)
    },
    [isControlled, onChange],
  )
  return [value, setValue]
}
