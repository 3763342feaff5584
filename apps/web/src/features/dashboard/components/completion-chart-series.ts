/** The action results the completion chart stacks, bottom to top. */
export const COMPLETION_SERIES = ['completed', 'pending', 'ongoing'] as const
