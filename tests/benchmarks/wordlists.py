"""Word and name lists for the generated benchmark library, written by us for this purpose."""

from __future__ import annotations

# Content words of the kind research titles are made of, across fields.
TITLE_WORDS = """
abstraction accelerated accelerating accuracy acoustic acquisition action actions active
actor adaptation adaptive additive adversarial aerial affine agent agents aggregation
algebra algebraic algorithm algorithms alignment allocation amortized analysis analytic
anomaly answering approach approximate approximation architecture architectures arithmetic
array assessment assimilation asymmetric asynchronous atomic attack attacks attention
attribution audio augmentation automata automated automatic autonomous autoregressive
auxiliary average averaging backpropagation balanced bandit bandits baseline basis batch
bayesian behavior behaviour belief benchmark benchmarks bias biased bidirectional binary
biological biomedical black block blockchain boosting bootstrap bottleneck boundary bounded
bounds brain broadcast buffer cache calibrated calibration camera capacity capsule caption
captioning carbon cascade categorical causal cell cellular certified chain channel
chemical circuit circuits classification classifier classifiers climate clinical clock
closed cloud clustering coarse code codes coding cognitive coherent collaborative
collective collision combinatorial common communication compact comparative comparison
compiler complete complex complexity component composition compositional compressed
compression computation computational computing concentration concept conditional
confidence consensus conservative consistency consistent constrained constraint
constraints construction contact content context contextual continual continuous
contrastive control controller convergence convex convolution convolutional cooperative
coordination correction correlated correlation cost counterfactual coupled coverage
critic cross crystal curriculum curvature cyclic data database dataset datasets decentralized
decision decoding decomposition deep deformable degradation delay dense density dependency
deployment depth design detection deterministic differentiable differential diffusion
digital dimension dimensional direct directed discovery discrete discriminative disease
disentangled distillation distributed distribution distributional diverse diversity document
domain dropout dual dynamic dynamical dynamics early edge effective efficiency efficient
elastic electric electron electronic embedding embeddings emergent emotion empirical encoder
encoding energy engine ensemble entity entropy environment environments episodic
equilibrium equivariant error errors estimation estimator evaluation event evidence
evolution evolutionary exact example examples expansion experience experimental expert
experts explainable explanation explicit exploration exponential expressive extraction
face facial factor factorization failure fair fairness fast fault feature features
federated feedback few field fields filter filtering fine finite flexible flow flows fluid
formal formation forward foundation fourier fractional frame framework free frequency
function functional functions fusion game games gap gated gaussian general generalization
generalized generation generative genetic geometric geometry global gradient gradients
grammar graph graphical graphs greedy grid grounded grounding group guarantees guided
hardware harmonic hash hashing heterogeneous heuristic hidden hierarchical high hybrid
hyperbolic hypothesis identification image images imitation implicit importance improved
improving incremental independent inductive inequality inference infinite information
inhibition initialization instance instruction integer integrated intelligence intelligent
interaction interactive interface interpretable intrinsic invariant inverse iterative joint
kernel kernels key knowledge label labels landscape language languages large latency latent
lattice layer layers learned learner learning least length level lexical lifelong light
likelihood linear linguistic link local localization locomotion logic logical long loss
lossy low machine machines manifold manipulation map mapping market markov mask masked
matching material materials matrix maximum mean measure measurement mechanism mechanisms
medical memory mesh message meta method methods metric metrics minimal minimax mining
mixed mixture mobile modal model modeling modelling models modular module molecular
moment momentum monocular monotone motion multi multilingual multimodal multiple multitask
mutual natural navigation nearest network networks neural neuron neurons noise noisy
nonconvex nonlinear nonparametric normalization normalizing novel numerical object objects
observation observations offline online open operator operators optical optimal
optimization optimizer oracle order ordinary orthogonal outlier output overparameterized
pairwise parallel parameter parameters parametric partial particle partition passing path
pattern patterns perception performance periodic perspective perturbation phase physical
physics pipeline planning point policies policy polynomial pooling pose posterior power
practical prediction predictive preference pretrained pretraining primal principal prior
privacy private probabilistic probability problem problems process processes processing
program programming programs progressive projection prompt prompting propagation protein
proximal pruning quantization quantum query question questions random randomized ranking
rate rates real reasoning recognition recommendation reconstruction recovery recurrent
recursive reduction refinement regression regret regularization regularized reinforcement
relational relative reliable rendering representation representations residual resilient
resource retrieval reward rewards rigid risk robot robotic robotics robust robustness rule
rules safe safety sample sampling scalable scale scaling scene scheduling search second
secure segmentation selection self semantic semi sensing sensor sensors sentence sequence
sequences sequential shape shared shift signal signals similarity simple simulation single
sketch skill sleep smooth social soft software solver solvers sound source space sparse
sparsity spatial spatiotemporal spectral speech spiking stability stable state states
static statistical stochastic storage strategy stream streaming structure structured study
style subspace supervised supervision surface surrogate survey symbolic synthesis synthetic
system systems task tasks teacher temporal tensor test testing text textual theorem theory
thermal threshold time token tokens tolerant topological topology tracking traffic training
trajectory transfer transform transformer transformers transition translation transport
tree trees trust uncertainty understanding unified uniform universal unsupervised update
user variable variance variational vector verification video view virtual vision visual
volume walk wave weak weakly weight weighted weights wireless word words world zero
"""

# Short words between content words ("for", "with"...), as titles use them.
CONNECTIVES = "a an and for from in of on through to towards under via with without".split()

# English function words of four letters or more (prepositions, conjunctions, determiners,
# pronouns, auxiliaries): real titles hold them, but nobody searches for a paper by them.
FUNCTION_WORDS = """
about above across after against along among amongst around before behind below beneath
beside besides between beyond despite down during except from inside into near onto
outside over past since than that their them then there these they this those through
throughout till toward towards under underneath unlike until upon versus what when where
whether which while whom whose with within without your each both either neither every
some such many much more most other another also have been being does were will would
could should shall might must cannot although though because unless whereas
""".split()

GIVEN_NAMES = """
Aaron Abdul Adam Adele Aditya Adrian Agnieszka Ahmed Aiko Akira Alberto Aldo Alejandro
Alessandra Alessio Alexander Alexandra Alice Alicia Amara Amir Ana Anders Andrea Andreas
Andrei Ángel Anja Anna Antoine Antonio Anwar Arjun Arnaud Astrid Aurélie Ayesha Beatriz
Benjamin Bernardo Björn Bo Camille Carlos Carmen Catalina Cécile Charlotte Chen Chen-Yu
Chiara Chloé Chris Christian Claire Clara Daniel Daniela David Deepak Diego Dmitri Dong
Elena Élise Elif Emil Emily Emma Enrique Erik Esther Eva Fabian Fatima Felipe Felix
Fernando Filippo Florian Francesca François Frank Freya Gabriel Gabriela Georg George
Giulia Giuseppe Gonzalo Grace Gustavo Hana Hannah Hans Haruto Helena Henrik Hiroshi Hugo
Ibrahim Ignacio Ilya Inês Ingrid Ioana Isabel Ivan Jakob James Jan Javier Jean Jean-Luc
Jens Ji-ho Jia Jian Jin Joana João Johannes John Jonas Jorge José Joseph Julia Julien
Jürgen Kai Kamal Karim Karin Katarzyna Kenji Kevin Kim Klaus Kofi Lars Laura Laurent Lea
Lei Leila Leon Li Lin Lina Ling Linnea Lorenzo Luca Lucas Lucía Luis Lukas Łukasz Maja
Malik Manuel Marco Margarida María Marie Marina Mario Marta Martin Mateo Matías Matteo
Mei Mehmet Mia Michael Michał Miguel Mikhail Min Ming Mohamed Nadia Naoki Natalia Nikola
Nils Noah Nora Olga Olivia Omar Oscar Pablo Paolo Patrick Paula Pedro Per Peter Pierre
Pietro Piotr Priya Qiang Rafael Rahul Raj Ravi Rebecca Renée Ricardo Riccardo Rohan Rosa
Ruth Ryo Sakura Samuel Sandra Santiago Sara Sebastian Sergei Sergey Shreya Simon Sofia
Søren Stefan Stefano Sunil Sven Takeshi Tao Teresa Thomas Tim Tomás Tomasz Ulrike Valentina
Vera Victor Vikram Wei Wen-Tse Xavier Xin Yan Yang Yasmin Yi Ying Yuki Yusuf Zainab Zhang
Zhi Zoë
"""

# Particles are joined to the name by "_" here and read as spaces.
FAMILY_NAMES = """
Abe Adeyemi Agarwal Ahmed Alonso Álvarez Andersen Andersson Antonelli Aoki Arslan Bailey
Bauer Becker Bergström Bernard Bianchi Bjørnstad Blanco Bondarenko Brown Brunner Castillo
Castro Cesa-Bianchi Chandra Chang Chen Cho Choi Chowdhury Clark Colombo Costa Cruz Dahl
Das de_Boer de_Jong de_la_Cruz de_Souza Delgado Deng Díaz Dubois Dumont Eriksson Esposito
Evans Fabbri Fernandes Fernández Ferrari Fischer Fontaine Fraser Fujita García Garnier
Ghosh Gómez González Gupta Gustafsson Hansen Hartmann Hashimoto Havel Hernández Hoffmann
Horvath Hu Huang Hughes Ibrahim Ishikawa Ivanov Iyer Jacobs Jansen Jensen Jiang Johansson
Johnson Jones Kaczmarek Kato Kaur Kaya Keller Khan Kim Kobayashi Koch Kovács Kowalski
Kozlov Krause Kumar Kuznetsov Lambert Larsen Laurent Lee Lefebvre Lehmann Levine Li Lin
Lindqvist Liu López Lorenz Lu Luo Ma Mahmoud Marino Martin Martínez Matsumoto Mehta Meier
Mendes Mercier Meyer Miller Mishra Moreau Moreno Morozov Müller Murphy Nagy Nakamura
Nascimento Neumann Nguyen Nielsen Nikolaev Novak Nowak O'Brien Okafor Olsen Ortiz Özdemir
Papadopoulos Park Patel Pavlov Peng Pereira Pérez Petrov Pham Popescu Popov Quinn Rahman
Ramírez Rao Reddy Reyes Ricci Richter Rodrigues Rodríguez Romano Rossi Roy Russo Saito
Sánchez Santos Sato Schäfer Schmidt Schneider Schulz Schwarz Shah Sharma Silva Singh
Smirnov Sokolov Song Sørensen Steiner Sun Suzuki Svensson Szabó Takahashi Tanaka Tang
Thomas Tran Tsai van_Dijk van_den_Berg van_der_Meer Vargas Varga Vasquez Vogel Volkov
Wagner Walker Wang Watanabe Weber Wei Weiss Williams Wilson Wong Wu Xu Yamamoto Yang Yıldız
Yilmaz Yu Zhang Zhao Zhou Zhu Zimmermann
"""

VENUES = """
NeurIPS|ICML|ICLR|AAAI|IJCAI|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|COLT|AISTATS|UAI|KDD|WWW|SIGIR|
SIGMOD|VLDB|OSDI|SOSP|NSDI|EuroSys|USENIX ATC|PLDI|POPL|STOC|FOCS|SODA|ICRA|IROS|RSS|CoRL|
Nature|Science|Physical Review Letters|Physical Review B|Journal of Machine Learning Research|
IEEE Transactions on Pattern Analysis and Machine Intelligence|Neural Computation|
Machine Learning|Artificial Intelligence|Journal of the ACM|Communications of the ACM|
Bioinformatics|Nature Communications|Proceedings of the National Academy of Sciences|arXiv
"""
