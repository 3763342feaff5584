/**
 * The selection of a deal's solution fit that the web asks POST /graphql for (spec §7). It lives
 * here so that the server's tests send the very fields the client reads: a schema change that
 * would break the client breaks them too.
 */
export const DEAL_SOLUTION_FIT_SELECTION = /* GraphQL */ `
  solutionFit {
    tier
    scoring {
      type
      score
      justification
      justificationCode
      evidenceRefs {
        engagement {
          id
          name
          date
          type
        }
        new
        role
        speaker
        text
      }
    }
  }
`
