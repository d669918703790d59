/** What Use Sample Data puts in the editor: a small, realistic table in the data-array form. */
export const sampleTable = {
  title: 'Quarterly Sales by Region',
  data: [
    { Region: 'North America', Q1: '$1,240,000', Q2: '$1,385,500', Growth: '+11.7%', Status: 'On track' },
    { Region: 'Europe', Q1: '$980,300', Q2: '$1,052,900', Growth: '+7.4%', Status: 'On track' },
    { Region: 'Asia Pacific', Q1: '$760,100', Q2: '$912,450', Growth: '+20.0%', Status: 'Ahead' },
    { Region: 'Latin America', Q1: '$310,750', Q2: '$298,200', Growth: '-4.0%', Status: 'Behind' },
    { Region: 'Middle East & Africa', Q1: '$205,400', Q2: '$231,800', Growth: '+12.9%', Status: 'On track' },
  ],
};

export const sampleJson = JSON.stringify(sampleTable, null, 2);
