import type { MessageRole, MessageSource } from '@console/contract/chat';
import { insertConversation, insertMessage, touchConversation } from '../../modules/conversations/queries';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

interface DemoMessage {
  role: MessageRole;
  content: string;
  source?: MessageSource;
  metadata?: Record<string, unknown>;
}
interface DemoConversation {
  title: string;
  by: string;
  daysAgo: number;
  messages: DemoMessage[];
}

const BUILTIN = { model: 'builtin' };

const CONVERSATIONS: Record<DemoBrandName, DemoConversation[]> = {
  'Acme Robotics': [
    {
      title: 'Gripper calibration after firmware update',
      by: 'demo@example.com',
      daysAgo: 1,
      messages: [
        { role: 'user', content: 'After updating to firmware 4.2 the R2 gripper closes about 3 mm short. How do I recalibrate it?' },
        {
          role: 'assistant',
          metadata: BUILTIN,
          content:
            'Firmware 4.2 resets the jaw offsets, so the gripper needs a fresh calibration:\n\n1. Open the jaws fully and power-cycle the arm.\n2. Run the calibration routine:\n\n```bash\nacme-arm calibrate --tool gripper --reset-offsets\n```\n\n3. Place the 20 mm calibration block between the jaws when prompted.\n\nIf the jaws still close short, check that the tool flange screws are tight.',
        },
        { role: 'user', content: 'That fixed it, thanks. Does the same apply to the vacuum tool?' },
        { role: 'assistant', metadata: BUILTIN, content: 'No: the vacuum tool has no jaw offsets. After a firmware update only its **pressure threshold** needs checking (`acme-arm tool vacuum --test`).' },
      ],
    },
    {
      title: 'Customer asking about warranty',
      by: 'maya@acme.example',
      daysAgo: 4,
      messages: [
        { role: 'user', content: 'Can you summarise what our standard warranty covers? A customer asked by email.' },
        { role: 'assistant', metadata: BUILTIN, content: 'The standard warranty covers parts and labour for **24 months** from delivery, excluding wear parts (gripper pads, belts) and damage from unapproved tools.' },
        {
          role: 'user',
          source: 'email',
          metadata: { from_email: 'jordan.lee@northwind.example' },
          content: 'Hi, following up on this: does the warranty also cover the controller cabinet fans? One of ours has started rattling.\n\nThanks,\nJordan',
        },
        { role: 'assistant', metadata: BUILTIN, content: 'Yes. Cabinet fans are covered parts, not wear parts, so a rattling fan is replaced under warranty. Ask Jordan for the cabinet serial number and open a ticket.' },
      ],
    },
    {
      title: 'Fleet status this morning',
      by: 'ravi@acme.example',
      daysAgo: 12,
      messages: [
        { role: 'user', content: 'Which devices went offline overnight?' },
        { role: 'assistant', metadata: BUILTIN, content: 'Two devices reported offline overnight: **edge-berlin-02** (last seen 02:14) and **lab-sim-01** (scheduled maintenance).' },
      ],
    },
  ],
  'Globex Support': [
    {
      title: 'Refund policy wording',
      by: 'agent@example.com',
      daysAgo: 2,
      messages: [
        { role: 'user', content: 'Draft a friendly reply explaining our 30-day refund policy.' },
        {
          role: 'assistant',
          metadata: BUILTIN,
          content:
            'Here is a draft:\n\n> Thanks for reaching out! You can request a full refund within **30 days** of purchase, no questions asked. Just reply to this email with your order number and we will take care of the rest.',
        },
      ],
    },
    {
      title: 'Email from a customer',
      by: 'demo@example.com',
      daysAgo: 6,
      messages: [
        {
          role: 'user',
          source: 'email',
          metadata: { from_email: 'pat.morgan@example.org' },
          content: 'Hello, I was charged twice for my October subscription. Could you look into it?\n\nPat',
        },
        { role: 'assistant', metadata: BUILTIN, content: 'This looks like a duplicate charge. Check the billing panel for two invoices in October; if both are paid, refund the second one and reply to Pat with the refund reference.' },
      ],
    },
    {
      title: 'SLA for urgent tickets',
      by: 'grace@globex.example',
      daysAgo: 20,
      messages: [
        { role: 'user', content: 'What is our first-response target for urgent tickets?' },
        { role: 'assistant', metadata: BUILTIN, content: 'Urgent tickets get a first response within **1 hour**, around the clock; high priority within 4 business hours.' },
      ],
    },
  ],
  Initech: [
    {
      title: 'TPS report cover sheets',
      by: 'peter@initech.example',
      daysAgo: 3,
      messages: [
        { role: 'user', content: 'Where do I find the new cover sheet template for TPS reports?' },
        { role: 'assistant', metadata: BUILTIN, content: 'The template is in the knowledge base under **Getting started → Report templates**. Remember to use the new cover sheet from this quarter on.' },
      ],
    },
    {
      title: 'Printer on floor 3',
      by: 'samir@initech.example',
      daysAgo: 9,
      messages: [
        { role: 'user', content: 'The floor 3 printer shows PC LOAD LETTER again. What does that mean?' },
        { role: 'assistant', metadata: BUILTIN, content: '"PC LOAD LETTER" means the paper cassette for **letter-size** paper is empty. Refill tray 2 and press *Continue*.' },
        {
          role: 'user',
          source: 'email',
          metadata: { from_email: 'facilities@initech.example' },
          content: 'FYI: the floor 3 printer will be replaced next Tuesday.',
        },
      ],
    },
  ],
};

/** Demo conversations for every brand (CONTRACT §Running), one with an emailed message each. */
export async function seedChat(seed: SeedContext) {
  const now = seed.clock.now().getTime();
  for (const [brandName, conversations] of Object.entries(CONVERSATIONS) as Array<[DemoBrandName, DemoConversation[]]>) {
    const brandId = seed.brands[brandName];
    for (const c of conversations) {
      const start = new Date(now - c.daysAgo * 86_400_000 - 3 * 3_600_000);
      const row = await insertConversation(seed.db, { brandId, title: c.title, createdBy: seed.users[c.by], now: start });
      let at = start.getTime();
      for (const m of c.messages) {
        at += m.source === 'email' ? 2 * 3_600_000 : 45_000;
        await insertMessage(seed.db, {
          brandId,
          conversationId: row.id,
          role: m.role,
          content: m.content,
          source: m.source ?? 'chat',
          metadata: m.metadata ?? {},
          now: new Date(at),
        });
      }
      await touchConversation(seed.db, row.id, new Date(at));
    }
  }
}
