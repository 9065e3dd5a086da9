# Reference values for cli/src/experiment/stats, printed by `python3 reference-values.py`
# (SciPy 1.17.1, statsmodels 0.15.0; `pip install scipy statsmodels`). The Rust tests quote them.
import numpy as np
from scipy import stats
# Wilcoxon, exact (no ties, no zeros, n <= 50)
x=[1.83,0.50,1.62,2.48,1.68,1.88,1.55,3.06,1.30]
y=[0.878,0.647,0.598,2.05,1.06,1.29,1.06,3.14,1.29]
r=stats.wilcoxon(x,y,method='exact'); print("exact", r.statistic, repr(r.pvalue))
# Wilcoxon asymptotic with ties and zeros
d=[1,2,2,3,3,3,-1,4,5,-2,6,0,7,8,2,9,-3,10,11,12]
r=stats.wilcoxon(d,method='asymptotic',correction=True); print("approx", r.statistic, repr(r.pvalue), repr(r.zstatistic))
# Tiny p: 60 positive distinct differences, asymptotic
d=list(range(1,61))
r=stats.wilcoxon(d,method='asymptotic',correction=True); print("tiny60", repr(r.pvalue))
d=list(range(1,301))
r=stats.wilcoxon(d,method='asymptotic',correction=True); print("tiny300", repr(r.pvalue), repr(np.log10(r.pvalue)))
# exact, all positive, n=40
r=stats.wilcoxon(list(range(1,41)),method='exact'); print("exact40", repr(r.pvalue))
# Mann-Whitney tiny p
a=list(range(0,60)); b=list(range(100,160))
r=stats.mannwhitneyu(a,b,method='asymptotic'); print("mw tiny", repr(r.pvalue))
a=list(range(0,300)); b=list(range(1000,1300))
r=stats.mannwhitneyu(a,b,method='asymptotic'); print("mw tiny300", repr(r.pvalue))
# normal tail
for z in [1.0, 5.0, 8.5, 20.0, 37.0, 40.0]:
    print("norm", z, repr(2*stats.norm.sf(z)), repr((np.log(2)+stats.norm.logsf(z))/np.log(10)))
# lognormal interval: t interval on logs
v=[1.2,3.4,0.8,2.2,5.1,0.9]
l=np.log(v); m=l.mean(); h=stats.t.ppf(0.975,len(v)-1)*l.std(ddof=1)/np.sqrt(len(v))
print("geo", repr(np.exp(m)), repr(np.exp(m-h)), repr(np.exp(m+h)))
from statsmodels.stats.multitest import multipletests
p=[0.01,0.04,0.03,0.005,0.20]
rej,adj,_,_=multipletests(p,alpha=0.05,method='holm'); print("holm", list(rej), [repr(a) for a in adj])
from statsmodels.stats.proportion import proportion_confint
print("wilson", proportion_confint(7,20,alpha=0.05,method='wilson'))
