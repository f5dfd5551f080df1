/**
 * The words of the demo town's reviews (demo-reviews.ts): the residents who write them, what they write by how many
 * stars they give and by trade, and what the owners reply. Kept apart from the code, as demo-content.ts is from
 * demo.ts, so the texts can be read and changed without reading the logic.
 */

/**
 * Sixty residents of Devgarh who review its experts and shops. Enough that one shop can have 50 reviews from 50
 * different people (one review per person per listing) and still leave others to mark them helpful.
 */
export const REVIEWER_NAMES = [
  'Aditi Kapoor',
  'Ajay Rawat',
  'Akash Mehra',
  'Alka Srivastava',
  'Amit Chaturvedi',
  'Anand Krishnan',
  'Anil Jadhav',
  'Anjali Bose',
  'Arjun Nambiar',
  'Ayesha Siddiqui',
  'Bhavna Trivedi',
  'Chetan Bhosale',
  'Deepa Menon',
  'Deepak Rana',
  'Divya Hegde',
  'Farhan Sheikh',
  'Gaurav Saxena',
  'Geeta Rathore',
  'Hemant Pawar',
  'Ishita Banerjee',
  'Jagdish Prasad',
  'Jaspreet Sandhu',
  'Kamala Subramanian',
  'Karan Oberoi',
  'Lakshmi Iyengar',
  'Mahesh Choudhary',
  'Manpreet Bedi',
  'Mohan Lal Sahu',
  'Nadia Hussain',
  'Naveen Shetty',
  'Neelam Dubey',
  'Nitin Gokhale',
  'Pallavi Ghosh',
  'Pankaj Mishra',
  'Pooja Thakkar',
  'Rahul Bhardwaj',
  'Rajesh Nair',
  'Rekha Agrawal',
  'Ritesh Goyal',
  'Rukhsar Begum',
  'Sachin Kale',
  'Sadia Parveen',
  'Santosh Gaikwad',
  'Seema Chawla',
  'Shankar Reddy',
  'Shweta Pandit',
  'Simran Ahluwalia',
  'Sudhir Kamat',
  'Swati Kulkarni',
  'Tanvir Alam',
  'Uma Venkatesh',
  'Varun Khanna',
  'Vandana Soni',
  'Vijay Shinde',
  'Yash Bhatia',
  'Zainab Merchant',
  'Rohit Negi',
  'Suman Lata',
  'Francis D’Souza',
  'Mary Fernandes',
];

/**
 * Texts by the stars they go with: `great` five (or four), `good` four with a small "but", `meh` three, `bad` one or
 * two. A five-star text under a one-star rating would make the demo look broken, so a text is only ever drawn from
 * its own band.
 */
export interface ReviewTexts {
  great: string[];
  good: string[];
  meh: string[];
  bad: string[];
}

/** Texts that fit any trade: what a review of a shop or a doctor alike might say. */
export const ANY_TRADE: ReviewTexts = {
  great: [
    'Excellent service. Highly recommended.',
    'Very polite and honest. Will definitely come back.',
    'Best in the area, no doubt.',
    'Always reliable. Our whole family goes here.',
    'Bahut accha experience tha. Fully satisfied!',
    'Ekdum first class. Koi complaint nahi.',
    'Came on a neighbour’s recommendation and was not disappointed.',
    'Prompt, friendly and fairly priced.',
    'Been going here for years and never had a problem.',
    'Very professional. Everything was explained clearly.',
  ],
  good: [
    'Good service, though it gets busy in the evenings.',
    'Reasonable rates. Had to wait a little, but worth it.',
    'Nice experience overall. Parking is a problem on this road.',
    'Good work. Took a bit longer than promised.',
    'Accha hai, bas thoda time lagta hai.',
    'Decent and honest. Would go again.',
    'Happy with the service. A little on the costly side.',
  ],
  meh: [
    'Okay okay. Nothing special.',
    'Average experience. Could be better organised.',
    'Service is fine but they rarely pick up the phone.',
    'Mixed experience. First visit was good, the second not so much.',
    'Theek-thaak hai. Rates thode zyada hain.',
  ],
  bad: [
    'Not happy. Was made to wait a long time and nobody explained why.',
    'Rude behaviour at the counter. Will not go again.',
    'Overcharged me. Ask the price before you agree to anything.',
    'Promised to call back, never did.',
    'Bilkul bekaar service. Paisa waste.',
  ],
};

/** Texts of one trade, by the key of its service or category in demo-content.ts. */
export const BY_TRADE: Record<string, Partial<ReviewTexts>> = {
  // Outlets
  grocery: {
    great: [
      'Fresh vegetables every morning and the dal is always good quality.',
      'Home delivery within the hour, even for small orders. Very convenient.',
      'Uncle ji knows every customer by name. Feels like family.',
      'All our monthly ration in one place, with a small discount on bulk.',
      'Sab kuch milta hai yahan, aur delivery bhi fast hai.',
      'They keep the atta my mother likes, which nobody else nearby has.',
      'Honest weighing and fair prices. Rare these days.',
      'Ordered on WhatsApp at 9 pm, delivered by 9:30. Excellent.',
      'Good quality rice and pulses, and they never push a brand on you.',
      'They gave us credit till the first of the month when we had just moved in. Very kind people.',
      'Clean shop, everything neatly arranged, easy to find.',
      'Festival shopping done in one go. They had every item on my list.',
    ],
    good: [
      'Good stock, but billing is slow when it is crowded.',
      'A little costlier than the supermarket, but the service makes up for it.',
      'Vegetables are fresh in the morning; by evening not so much.',
      'Reliable for daily needs. Wish they kept more organic items.',
      'Delivery is quick, though once they sent the wrong brand of oil.',
      'Good shop, only the lane outside is too narrow for a car.',
    ],
    meh: [
      'Some items were near their best-before date. Check before buying.',
      'Delivery is hit or miss on Sundays.',
      'Prices are not written on many items, so you never know what you will pay.',
    ],
    bad: [
      'Got a packet of expired biscuits and they refused to exchange it.',
      'Delivery came two hours late and half the order was missing.',
    ],
  },
  pharmacy: {
    great: [
      'Always has the medicines on my prescription, even the rare ones.',
      'The pharmacist explains the dosage properly. Very helpful for my parents.',
      'A discount on every bill, and generic options when you ask.',
      'Open late when you need it most. A lifesaver.',
    ],
    good: ['Good stock, but sometimes they have to order and you wait a day.'],
    meh: ['Staff is busy and hardly looks at the prescription.'],
    bad: ['Gave the wrong strength of tablets. Check your medicines before leaving.'],
  },
  hardware: {
    great: [
      'Found every fitting I needed for the bathroom in one go.',
      'They suggested the right paint and even worked out how much I needed.',
      'Genuine brands and proper bills. Good for contractors and home owners alike.',
    ],
    good: ['Good range, but the shop is cramped and things are hard to find.'],
    meh: ['Prices depend on who is at the counter.'],
    bad: ['Sold me a leaking tap and would not replace it.'],
  },
  electronics: {
    great: [
      'Bought a washing machine here, installation done the next day.',
      'Honest advice, they did not push the costliest model.',
      'Got my phone screen replaced in an hour at a fair price.',
    ],
    good: ['Good prices, though the after-sales follow-up is slow.'],
    meh: ['Fine for small items; for big purchases compare prices online first.'],
    bad: ['The repair took three weeks and the problem came back.'],
  },
  bakery: {
    great: [
      'The fruit cake is the best in town. We order it for every birthday.',
      'Fresh bread every morning, still warm at 8 am.',
      'Nankhatai just like old times. Must try.',
      'The custom cake came out exactly like the picture. The kids loved it.',
    ],
    good: ['Tasty, but the cakes have become a bit pricey.'],
    meh: ['Pastries are good, but the puffs were stale in the evening.'],
    bad: ['My daughter’s birthday cake was ready an hour late.'],
  },
  clothing: {
    great: [
      'Beautiful collection of sarees, and nobody pressures you to buy.',
      'Stitching is perfect and delivered on the promised date.',
      'Good quality for the price. Alterations done free.',
    ],
    good: ['Nice variety, but the trial rooms are small.'],
    meh: ['Not much choice in bigger sizes.'],
    bad: ['The blouse fitting was wrong twice. Very disappointed.'],
  },
  stationery: {
    great: [
      'Every school book and notebook on the list, packed and ready.',
      'Photocopies are cheap and quick, and they do spiral binding too.',
      'Good place for art supplies; the owner helps you choose.',
    ],
    good: ['Everything is available, but it is very crowded in June.'],
    meh: ['Xerox quality is okay, nothing more.'],
    bad: ['Gave the wrong edition of the textbook and would not take it back.'],
  },
  furniture: {
    great: [
      'Sofa set delivered and assembled on time. Solid build.',
      'Good range of mattresses, and they let you try them properly.',
      'Fair prices, and they carried everything to the third floor without a fuss.',
    ],
    good: ['Good quality, but delivery took two weeks.'],
    meh: ['The display pieces look better than what was delivered.'],
    bad: ['A wardrobe door broke within a month and nobody came to fix it.'],
  },
  // Experts
  doctors: {
    great: [
      'Very patient doctor, listens properly and does not rush.',
      'Explained the reports clearly and did not prescribe unnecessary medicines.',
      'Our family doctor for years. Always available in an emergency.',
      'Doctor sahab bahut ache hain, dawai se jaldi aaram mila.',
      'Clean clinic, and the staff is kind to elderly patients.',
    ],
    good: [
      'Good doctor, but the waiting time is long. Take an appointment.',
      'Treatment was good. Fees are a little high.',
    ],
    meh: ['The doctor is good, but the clinic staff is not helpful on the phone.'],
    bad: ['Waited two hours even with an appointment.'],
  },
  lawyers: {
    great: [
      'Handled our property case patiently and kept us informed at every hearing.',
      'Clear advice at the first meeting, no false promises.',
      'Very knowledgeable, and honest about our chances.',
    ],
    good: ['Good lawyer, but it is hard to get time with him.'],
    meh: ['The advice was fine, but the fees were not explained upfront.'],
    bad: ['Missed a hearing date and we had to pay the cost of it.'],
  },
  plumbers: {
    great: [
      'Came within the hour for a burst pipe on a Sunday. A lifesaver.',
      'Fixed the leak that two others could not. Fair charges.',
      'Neat work, and cleaned up afterwards.',
      'Time pe aaye aur kaam bhi sahi kiya.',
    ],
    good: ['Good work, but came a day later than promised.'],
    meh: ['The work was okay; charged extra for small parts.'],
    bad: ['The same tap started leaking again within a week.'],
  },
  electricians: {
    great: [
      'Rewired the whole flat neatly and on time.',
      'Installed our inverter and explained how to look after it.',
      'Found the fault quickly, reasonable charges.',
    ],
    good: ['Good work, but hard to reach on the phone.'],
    meh: ['Did the job but left a mess behind.'],
    bad: ['The AC stopped cooling again two days after the service.'],
  },
  tutors: {
    great: [
      'My son’s maths marks went from 60 to 88 in one term.',
      'A patient teacher who explains until the child really understands.',
      'Small batches, so every student gets attention.',
      'Bachche ko padhai mein maza aane laga hai.',
    ],
    good: ['Good teaching, though the batch timings keep changing.'],
    meh: ['Teaching is fine, but too much homework for young kids.'],
    bad: ['Classes were cancelled often without notice.'],
  },
  'chartered-accountants': {
    great: [
      'Filed my returns on time and answered every question patiently.',
      'Sorted out our GST registration in a week. Very efficient.',
      'Reasonable fees, and very clear about which documents are needed.',
    ],
    good: ['Knowledgeable, but slow to reply to e-mails.'],
    meh: ['The work gets done, but always at the last minute.'],
    bad: ['A mistake in my return led to a notice. Had to follow up many times.'],
  },
  carpenters: {
    great: [
      'Made our wardrobes exactly to the design, solid wood and a good finish.',
      'Repaired our old chairs and they look new now.',
      'Modular kitchen finished on time and within budget.',
    ],
    good: ['Good finishing, but the work took longer than planned.'],
    meh: ['Quality is okay, but one shelf was measured wrong.'],
    bad: ['Left the work half done and stopped answering calls.'],
  },
  beauticians: {
    great: [
      'The bridal makeup was perfect and stayed all night.',
      'Hygienic parlour and very gentle staff.',
      'Best haircut I have had in Devgarh.',
      'The facial was very relaxing, and the rates are reasonable.',
    ],
    good: ['Good service, but book ahead on weekends.'],
    meh: ['Threading was good, the facial not so much.'],
    bad: ['Got a rash after the facial and they did not care.'],
  },
};

/**
 * The owners' replies: thanks under praise, an apology and an offer under a complaint. `{name}` is the reviewer's
 * first name.
 */
export const REPLIES = {
  thanks: [
    'Thank you so much! See you again soon.',
    'Thank you for your kind words, {name} ji.',
    'Glad we could help. Thank you for the review!',
    'Dhanyavaad! Aapka bharosa hi hamari kamai hai.',
    'Thank you, {name}. Please recommend us to your friends.',
  ],
  sorry: [
    'Sorry to hear this. Please call us so we can put it right.',
    'Thank you for the feedback, {name} ji. We have spoken to our staff about it.',
    'We are sorry about this. Please ask for the owner on your next visit and we will sort it out.',
    'Sorry for the trouble. Please give us another chance, we will make it up to you.',
    'Thank you for telling us, {name}. We have changed how we handle this.',
  ],
};
