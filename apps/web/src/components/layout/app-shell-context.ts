import { createContext, useContext } from 'react'

/** True inside the application layout, whose <main> already holds the page. */
export const AppShellContext = createContext(false)

export const useIsInsideAppShell = () => useContext(AppShellContext)
