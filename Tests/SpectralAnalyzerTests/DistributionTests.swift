import Testing
@testable import SpectralAnalyzer

/// Quantiles checked against SciPy 1.x `stats.*.ppf` values (which agree with printed tables to their printed digits).
@Suite struct DistributionTests {
    @Test func normalQuantiles() {
        #expect(close(Distributions.normalQuantile(0.95), 1.6448536269514722, relative: 1e-10))
        #expect(close(Distributions.normalQuantile(0.975), 1.959963984540054, relative: 1e-10))
        #expect(close(Distributions.normalQuantile(0.5), 0, relative: 1e-12))
        #expect(close(Distributions.normalQuantile(0.01), -2.3263478740408408, relative: 1e-10))
    }

    @Test func fQuantiles() {
        #expect(close(Distributions.fQuantile(0.95, d1: 1, d2: 10), 4.964602743730711, relative: 1e-9))
        #expect(close(Distributions.fQuantile(0.95, d1: 3, d2: 57), 2.766437925668073, relative: 1e-9))
        #expect(close(Distributions.fQuantile(0.99, d1: 5, d2: 20), 4.102684630584732, relative: 1e-9))
        #expect(close(Distributions.fQuantile(0.95, d1: 10, d2: 10), 2.9782370160823213, relative: 1e-9))
    }

    @Test func chiSquareQuantiles() {
        #expect(close(Distributions.chiSquareQuantile(0.95, degreesOfFreedom: 2), 5.991464547, relative: 1e-8))
        #expect(close(Distributions.chiSquareQuantile(0.95, degreesOfFreedom: 10), 18.30703805, relative: 1e-8))
        #expect(close(Distributions.chiSquareQuantile(0.99, degreesOfFreedom: 1), 6.634896601, relative: 1e-8))
    }
}
