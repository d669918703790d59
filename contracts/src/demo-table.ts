/**
 * The landing demo's table (SPEC §2): the inventory a visitor sees first, before any edit. The web
 * demo sends it with its conditional formats and notes; the engine's tests lay it out at the
 * demo's font sizes and paddings.
 */
export const demoInventory = {
  title: 'Inventory Status',
  data: [
    {
      Product: 'Wireless Mouse',
      SKU: 'WM-2041',
      Category: 'Accessories',
      'In Stock': 342,
      Price: '$24.99',
      Status: 'In Stock',
    },
    {
      Product: 'Mechanical Keyboard',
      SKU: 'MK-1187',
      Category: 'Accessories',
      'In Stock': 58,
      Price: '$89.00',
      Status: 'Low Stock',
    },
    {
      Product: '27" 4K Monitor',
      SKU: 'MN-2700',
      Category: 'Displays',
      'In Stock': 0,
      Price: '$329.00',
      Status: 'Out of Stock',
    },
    {
      Product: 'USB-C Dock',
      SKU: 'DK-0912',
      Category: 'Connectivity',
      'In Stock': 127,
      Price: '$119.50',
      Status: 'In Stock',
    },
    {
      Product: 'Noise-Cancelling Headset',
      SKU: 'HS-3305',
      Category: 'Audio',
      'In Stock': 21,
      Price: '$149.00',
      Status: 'Low Stock',
    },
  ],
};
