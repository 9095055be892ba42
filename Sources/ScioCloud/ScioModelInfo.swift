import SpectralAnalyzer

/// A model as the SDK's `CPScioModelInfo` describes it: name, identifier, type, attribute and the SCiO versions it supports.
public struct ScioModelInfo: Sendable, Equatable {
    /// What the model reports.
    public enum ModelType: String, Sendable {
        case estimation, classification
    }

    public var name: String
    /// The identifier `analyze` takes, e.g. `cp.food-type`.
    public var identifier: String
    public var type: ModelType
    /// The attribute the model reports, e.g. `fat`.
    public var attribute: String
    /// The unit of an estimate; empty for classification.
    public var unit: String
    /// The SCiO versions whose spectra the model is made for.
    public var supportedSCiOVersions: [String]
    /// The classes of a classification model, in model order.
    public var classes: [String]
    /// Whether it is a ConsumerPhysics (CP) model rather than one of the developer's own.
    public var isCPModel: Bool

    init(_ model: SpectralModel, identifier: String, isCPModel: Bool) {
        name = model.name
        self.identifier = identifier
        type = model.kind == .estimation ? .estimation : .classification
        attribute = model.attributeName
        unit = model.unit
        supportedSCiOVersions = model.supportedSCiOVersions
        classes = model.classes
        self.isCPModel = isCPModel
    }
}
