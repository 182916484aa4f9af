// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice Request Network's published ERC20FeeProxy, as the forwarder calls it.
interface IDepositERC20FeeProxy {
    /// @notice Pulls `_amount` + `_feeAmount` of `_tokenAddress` from the caller and emits TransferWithReferenceAndFee.
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

/// @notice Request Network's published EthereumFeeProxy, as the forwarder calls it.
interface IDepositEthereumFeeProxy {
    /// @notice Pays msg.value - `_feeAmount` to `_to` and `_feeAmount` to `_feeAddress`, emitting TransferWithReferenceAndFee.
    function transferWithReferenceAndFee(
        address payable _to,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) external payable;
}

/// @notice The payment a forwarder is bound to; every field is fixed when the forwarder's address is derived.
struct DepositTerms {
    address proxy; // Request Network fee proxy the payment goes through (ERC20FeeProxy, or EthereumFeeProxy when token is 0)
    address token; // ERC-20 token paid; address(0) means the network's native currency
    address payee; // the request's payee: the only recipient of the amount
    uint256 amount; // the request's expected amount, in the token's smallest units
    bytes8 paymentReference; // the request's 8-byte Request Network payment reference
    uint256 feeAmount; // the request's fee, in the token's smallest units
    address feeAddress; // the request's fee address: the only recipient of the fee
}

/// @notice What the factory hands a forwarder while constructing it (read back in the constructor).
interface IDepositForwarderFactory {
    /// @notice The terms of the forwarder being created right now (set only for the duration of its creation).
    function pendingTerms() external view returns (DepositTerms memory);
}

/// @title DepositForwarder (Payrail)
/// @notice A per-payment deposit address. Anyone may send the request's token (or native currency) to it
///         before or after it exists; its only possible action is to pay the request, once, through Request
///         Network's fee proxy with the request's payment reference, payee, amount, fee and fee address,
///         all fixed at creation. Nothing can move its funds anywhere else: any excess stays here.
/// @dev Created by DepositForwarderFactory with CREATE2 (salt = keccak256 of the terms), so its address
///      commits to the terms before any code exists. Terms are read from the factory in the constructor
///      (not constructor arguments) so the creation code, and so the address derivation, is one constant.
contract DepositForwarder {
    using SafeERC20 for IERC20; // approve tokens that return nothing (USDT) or need a reset to 0

    address public immutable factory; // the only caller allowed to trigger the payment
    address public immutable proxy; // fixed fee proxy
    address public immutable token; // fixed token (0 = native)
    address public immutable payee; // fixed payee
    uint256 public immutable amount; // fixed amount
    bytes8 public immutable paymentReference; // fixed payment reference
    uint256 public immutable feeAmount; // fixed fee amount
    address public immutable feeAddress; // fixed fee address
    bool public swept; // true once the payment was made; it is never made twice

    error NotFactory(); // the caller is not the factory that created this forwarder
    error AlreadySwept(); // the payment was already made
    error Underfunded(uint256 balance, uint256 needed); // less than amount + fee is here

    /// @notice Copies the terms of the forwarder being created from its factory (the creator).
    constructor() {
        DepositTerms memory t = IDepositForwarderFactory(msg.sender).pendingTerms(); // the terms the salt was derived from
        factory = msg.sender; // the creator is the factory
        proxy = t.proxy; // fix the proxy
        token = t.token; // fix the token
        payee = t.payee; // fix the payee
        amount = t.amount; // fix the amount
        paymentReference = t.paymentReference; // fix the reference
        feeAmount = t.feeAmount; // fix the fee
        feeAddress = t.feeAddress; // fix the fee address
    }

    /// @notice Accepts native currency sent after creation (a late or excess native deposit); it stays here.
    receive() external payable {}

    /// @notice Pays amount + fee once through the fixed proxy to the fixed payee and fee address; any excess stays.
    function sweep() external {
        if (msg.sender != factory) revert NotFactory(); // only the factory (which checks nothing else) may trigger it
        if (swept) revert AlreadySwept(); // one payment per forwarder
        swept = true; // set before any external call: a reentrant call finds it set and reverts
        uint256 needed = amount + feeAmount; // what the payment takes out of this forwarder
        if (token == address(0)) {
            uint256 held = address(this).balance; // native currency held
            if (held < needed) revert Underfunded(held, needed); // not enough yet (reverts the flag too)
            IDepositEthereumFeeProxy(proxy).transferWithReferenceAndFee{value: needed}( // pays exactly amount + fee
                payable(payee), // to the fixed payee
                abi.encodePacked(paymentReference), // with the fixed 8-byte reference
                feeAmount, // the fixed fee
                payable(feeAddress) // to the fixed fee address
            );
        } else {
            uint256 held = IERC20(token).balanceOf(address(this)); // tokens held
            if (held < needed) revert Underfunded(held, needed); // not enough yet (reverts the flag too)
            IERC20(token).forceApprove(proxy, needed); // let the proxy pull exactly amount + fee
            IDepositERC20FeeProxy(proxy).transferFromWithReferenceAndFee( // the proxy pulls and emits the reference
                token, // the fixed token
                payee, // to the fixed payee
                amount, // the fixed amount
                abi.encodePacked(paymentReference), // with the fixed 8-byte reference
                feeAmount, // the fixed fee
                feeAddress // to the fixed fee address
            );
            IERC20(token).forceApprove(proxy, 0); // leave no allowance behind (the proxy pulled all of it anyway)
        }
    }
}
