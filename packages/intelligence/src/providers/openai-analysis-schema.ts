// The JSON schema the model must answer with (OpenAI "response_format: json_schema",
// strict mode). Only the judgement parts are asked for; ids, refs and the confidence
// arithmetic stay with the engine so both providers return the same shape.
export const OPENAI_ANALYSIS_SCHEMA = {
  name: 'deal_analysis',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['objections', 'actions', 'solution_fit'],
    properties: {
      objections: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: [
            'type',
            'quote',
            'engagement_id',
            'utterance_index',
            'handled',
            'handling_score',
            'seller_reply',
          ],
          properties: {
            type: { type: 'string' },
            quote: { type: 'string' },
            engagement_id: { type: 'string' },
            utterance_index: { type: ['integer', 'null'] },
            handled: { type: 'boolean' },
            handling_score: { type: 'number' },
            seller_reply: { type: ['string', 'null'] },
          },
        },
      },
      actions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['action_id', 'status', 'summary', 'status_description', 'quotes'],
          properties: {
            action_id: { type: 'string' },
            status: { type: 'string', enum: ['Completed', 'Pending', 'In progress'] },
            summary: { type: 'string' },
            status_description: { type: 'string' },
            quotes: { type: 'array', items: { type: 'string' } },
          },
        },
      },
      solution_fit: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'score', 'justification', 'quotes'],
          properties: {
            type: {
              type: 'string',
              enum: [
                'problem_pain_identification',
                'quantifiable_business_impact',
                'value_proposition_alignment',
                'strategic_urgency',
              ],
            },
            score: { type: 'integer', minimum: 0, maximum: 3 },
            justification: { type: 'string' },
            quotes: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
} as const
