// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {DepositForwarderFactory} from "./DepositForwarderFactory.sol";
import {DepositForwarder, DepositRefund, DepositTerms} from "./DepositForwarder.sol";

/// @title TestFalseToken
/// @notice A token whose transfer/transferFrom return false without moving anything (old non-reverting tokens).
/// @dev LOCAL TESTING ONLY: mint is open.
contract TestFalseToken is ERC20 {
    constructor() ERC20("False Token", "FALSE") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    /// @notice Moves a plain transfer (so a deposit can land), but...
    function transfer(address to, uint256 value) public override returns (bool) {
        return super.transfer(to, value);
    }

    /// @notice ...refuses every pull by returning false instead of reverting.
    function transferFrom(address, address, uint256) public pure override returns (bool) {
        return false;
    }
}

/// @title TestFeeOnTransferToken
/// @notice Burns 1% of every transfer (a fee-on-transfer token): the receiver gets 99%.
/// @dev LOCAL TESTING ONLY: mint is open.
contract TestFeeOnTransferToken is ERC20 {
    constructor() ERC20("Fee Token", "FOT") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) return super._update(from, to, value);
        uint256 fee = value / 100;
        super._update(from, address(0), fee);
        super._update(from, to, value - fee);
    }
}

/// @title TestReentrantPayee
/// @notice A payee whose receive() tries to make the same deposit pay again (through the factory and the
///         forwarder directly) and records whether either attempt succeeded; it never reverts itself.
/// @dev LOCAL TESTING ONLY.
contract TestReentrantPayee {
    DepositForwarderFactory public factory;
    DepositTerms public terms;
    bool public reentered;
    uint256 public attempts;

    function arm(DepositForwarderFactory factory_, DepositTerms calldata terms_) external {
        factory = factory_;
        terms = terms_;
    }

    receive() external payable {
        attempts += 1;
        if (attempts > 1) return;
        try factory.deployAndSweep(terms) returns (address) {
            reentered = true;
        } catch {}
        (bool ok, ) = factory.addressOf(terms).call(abi.encodeCall(DepositForwarder.sweep, (terms)));
        if (ok) reentered = true;
    }
}

/// @title TestFalseTransferToken
/// @notice A token whose transfer returns false without moving anything (a refund of it must revert, not pass silently).
/// @dev LOCAL TESTING ONLY: mint is open; deposits land through mint.
contract TestFalseTransferToken is ERC20 {
    constructor() ERC20("False Transfer Token", "FALSET") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    /// @notice Refuses every transfer by returning false instead of reverting.
    function transfer(address, uint256) public pure override returns (bool) {
        return false;
    }
}

/// @title TestReentrantToken
/// @notice A hostile token: on transfer it calls the factory back with the refund it is carrying (replay) and,
///         when armed with a sweep, tries to sweep; it records whether anything it tried succeeded.
/// @dev LOCAL TESTING ONLY: mint is open.
contract TestReentrantToken is ERC20 {
    DepositForwarderFactory public factory;
    DepositTerms public terms;
    DepositRefund public refund;
    bytes public signature;
    bool public reentered;
    bool public armed;

    constructor() ERC20("Reentrant Token", "REENT") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    function arm(DepositForwarderFactory factory_, DepositTerms calldata terms_, DepositRefund calldata refund_, bytes calldata signature_) external {
        factory = factory_;
        terms = terms_;
        refund = refund_;
        signature = signature_;
        armed = true;
    }

    function transfer(address to, uint256 value) public override returns (bool) {
        bool ok = super.transfer(to, value);
        if (armed) {
            armed = false;
            try factory.deployAndRefund(terms, refund, signature) returns (address) {
                reentered = true;
            } catch {}
            try factory.deployAndSweep(terms) returns (address) {
                reentered = true;
            } catch {}
        }
        return ok;
    }
}
