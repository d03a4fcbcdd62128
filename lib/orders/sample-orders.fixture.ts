/**
 * Partner payloads for POST /orders, as an ordering app following the published create-order examples
 * sends them (values only). Tests use them to prove such payloads are accepted as they are.
 */
export const sampleOrderRequests = {
  newOrder: {
    locationId: 'tc-merchant-2000',
    origin: { orderId: '2f8922fb-235f-40c6-af9a-3d6b46ce9635', orderReference: 'Order for Tom' },
    items: [
      {
        id: 'unique-item-id',
        sku: 'sku-known-to-the-pos',
        description: 'Amazing cheese burger',
        unitPrice: { currency: 'AUD', amount: 2000 },
        discounts: [
          {
            currency: 'AUD',
            amount: 1000,
            description: 'Half price cheese burgers on the first of the month',
          },
        ],
        modifiers: [
          {
            id: 'uuid-3636-101',
            sku: '634',
            description: 'Bacon',
            unitPrice: { amount: 0 },
            quantity: 1,
          },
        ],
        allergens: [
          { description: 'Fish' },
          { description: 'Nuts' },
        ],
        quantity: 1,
      },
    ],
    discounts: [
      { currency: 'AUD', amount: 200, description: 'Student discount' },
    ],
    surcharges: [
      { currency: 'AUD', amount: 200, description: 'Public Holiday' },
      { currency: 'AUD', amount: 200, description: 'Plastic take away containers' },
    ],
    tip: { currency: 'AUD', amount: 150 },
    total: { currency: 'AUD', amount: 1350 },
    table: { id: 'B1', section: 'Bar' },
    status: 'CREATED',
    customers: [
      { firstName: 'Daniel' },
      { firstName: 'Elizabeth' },
    ],
    fulfilment: { type: 'PICK_UP' },
    paymentStatus: 'CLOSED',
  },
  orderWithModifiers: {
    locationId: 'tc-location-1001',
    origin: { orderId: 'order-1001', orderReference: 'Order for Tom' },
    status: 'ACCEPTED',
    notes: 'Please hurry, I am hungry.',
    items: [
      {
        id: 'uuid-101',
        sku: '101',
        description: 'Chicken Burger',
        modifiers: [
          {
            id: 'uuid-3636-101',
            sku: '634',
            description: 'Cheese',
            quantity: 1,
            unitPrice: { amount: 0, currency: 'AUD' },
          },
          {
            id: 'uuid-3636-202',
            sku: '699',
            description: 'Bacon',
            quantity: 1,
            unitPrice: { amount: 200, currency: 'AUD' },
            discounts: [
              { amount: 100, currency: 'AUD', description: 'Half Price Bacon Day' },
            ],
          },
          {
            id: 'uuid-3636-303',
            sku: '673',
            description: 'No Tomato',
            quantity: 1,
            unitPrice: { amount: 0, currency: 'AUD' },
          },
        ],
        quantity: 2,
        unitPrice: { amount: 1500, currency: 'AUD' },
        discounts: [
          { amount: 150, currency: 'AUD', description: '10% Off Burgers on Tuesday' },
        ],
      },
      {
        id: 'uuid-202',
        sku: '213',
        description: 'Large Fries',
        quantity: 1,
        unitPrice: { amount: 450, currency: 'AUD' },
        discounts: [
          { amount: 100, currency: 'AUD', description: 'Combo Price' },
        ],
      },
      {
        id: 'uuid-303',
        sku: '5343',
        description: 'Small Cola',
        quantity: 1,
        unitPrice: { amount: 250, currency: 'AUD' },
      },
    ],
    discounts: [
      { amount: 836, currency: 'AUD', description: '20% Loyalty Reward' },
    ],
    surcharges: [
      { amount: 380, currency: 'AUD', description: 'Public Holiday' },
      { amount: 300, currency: 'AUD', description: 'Corkage' },
    ],
    total: { amount: 3344, currency: 'AUD' },
    table: { id: 'B1' },
    customers: [
      { firstName: 'Daniel' },
    ],
    fulfilment: { type: 'PICK_UP' },
    paymentStatus: 'CLOSED',
  },
  orderWithDiscountsAndNotes: {
    locationId: 'tc-location-1001',
    origin: { orderId: '123321821308-5729', orderReference: '5729' },
    status: 'CREATED',
    items: [
      {
        id: '1',
        sku: '12345262829',
        unitPrice: { amount: 900, currency: 'AUD' },
        modifiers: [
          {
            id: '1',
            sku: '12345262832',
            unitPrice: { amount: 0, currency: 'AUD' },
            modifiers: [],
            quantity: 1,
            description: 'No pickles',
          },
        ],
        quantity: 2,
        description: 'Chicken Burger',
      },
    ],
    discounts: [
      { amount: 1800, currency: 'AUD', description: "Order remake - Restaurant's fault." },
    ],
    total: { amount: 0, currency: 'AUD' },
    notes: "Order remake - Restaurant's fault. No pickles. I'm allergic",
    fulfilment: { type: 'DELIVERY' },
    paymentStatus: 'CLOSED',
  },
  orderWithDifferentModifiers: {
    locationId: 'tc-location-1001',
    origin: { orderId: 'order-some-id', orderReference: "Order for Jason's Family" },
    status: 'CREATED',
    items: [
      {
        id: 'uuid-201',
        sku: '2001',
        description: 'Cheeseburger',
        modifiers: [
          {
            id: 'uuid-3636-201',
            sku: '1111',
            description: 'Extra patty',
            quantity: 2,
            unitPrice: { amount: 150, currency: 'AUD' },
          },
          {
            id: 'uuid-3636-203',
            sku: '2222',
            description: 'No Tomato',
            quantity: 1,
            unitPrice: { amount: 0, currency: 'AUD' },
          },
        ],
        quantity: 2,
        unitPrice: { amount: 1000, currency: 'AUD' },
        discounts: [
          { amount: 100, currency: 'AUD', description: '10% Off Burgers on Tuesday' },
          { amount: 100, currency: 'AUD', description: 'Triple Patty promotion' },
        ],
      },
      {
        id: 'uuid-202',
        sku: '2001',
        description: 'Cheeseburger',
        modifiers: [
          {
            id: 'uuid-3636-201',
            sku: '1111',
            description: 'Extra patty',
            quantity: 1,
            unitPrice: { amount: 150, currency: 'AUD' },
          },
          {
            id: 'uuid-3636-203',
            sku: '2222',
            description: 'No Tomato',
            quantity: 1,
            unitPrice: { amount: 0, currency: 'AUD' },
          },
        ],
        quantity: 1,
        unitPrice: { amount: 1000, currency: 'AUD' },
        discounts: [
          { amount: 100, currency: 'AUD', description: '10% Off Burgers on Tuesday' },
        ],
      },
      {
        id: 'uuid-203',
        sku: '2001',
        description: 'Cheeseburger',
        modifiers: [
          {
            id: 'uuid-3636-203',
            sku: '2222',
            description: 'No Tomato',
            quantity: 1,
            unitPrice: { amount: 0, currency: 'AUD' },
          },
        ],
        quantity: 1,
        unitPrice: { amount: 1000, currency: 'AUD' },
        discounts: [
          { amount: 100, currency: 'AUD', description: '10% Off Burgers on Tuesday' },
        ],
      },
    ],
    total: { amount: 4150, currency: 'AUD' },
    table: { id: '16', section: 'Patio' },
    customers: [
      { firstName: 'Jason' },
    ],
    fulfilment: { type: 'DINE_IN' },
    paymentStatus: 'CLOSED',
  },
};
